/**
 * 《用户服务协议》 and 《隐私政策》 as links, wherever the documents are named: the H5 variant goes to
 * the /mobileH5 pages. Links open in the same tab; a form being filled keeps its state in the
 * browser history only, so the register forms open them in a new tab (`newTab`).
 */
import { POLICY_TITLES } from '@eav/contract';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Paths of the two documents for the desktop or the H5 site. */
export function policyPaths(mobile: boolean): { terms: string; privacy: string } {
  return mobile
    ? { terms: paths.mobile.terms, privacy: paths.mobile.privacy }
    : { terms: paths.terms, privacy: paths.privacy };
}

export function TermsLink({ mobile = false, newTab = false }: { mobile?: boolean; newTab?: boolean }) {
  const to = policyPaths(mobile).terms;
  return newTab ? (
    <a href={`#${to}`} target="_blank" rel="noopener">
      《{POLICY_TITLES.terms}》
    </a>
  ) : (
    <Link to={to}>《{POLICY_TITLES.terms}》</Link>
  );
}

export function PrivacyLink({ mobile = false, newTab = false }: { mobile?: boolean; newTab?: boolean }) {
  const to = policyPaths(mobile).privacy;
  return newTab ? (
    <a href={`#${to}`} target="_blank" rel="noopener">
      《{POLICY_TITLES.privacy}》
    </a>
  ) : (
    <Link to={to}>《{POLICY_TITLES.privacy}》</Link>
  );
}
