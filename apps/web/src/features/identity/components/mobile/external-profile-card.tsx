/** The external account waiting to be bound (avatar, name, provider), shown on the H5 bind screens. */
import type { ExternalProfile, ExternalProvider } from '@eav/contract';
import { PROVIDER_LABELS } from '../../utils/labels';
import styles from './mobile.module.css';

export function ExternalProfileCard({
  provider,
  profile,
}: {
  provider: ExternalProvider;
  profile: ExternalProfile | undefined;
}) {
  const name = profile?.name || `${PROVIDER_LABELS[provider]}用户`;
  return (
    <div className={styles.profile} data-testid="external-profile">
      {profile?.avatar && /^https:\/\//.test(profile.avatar) ? (
        <img className={styles.avatar} src={profile.avatar} alt="" referrerPolicy="no-referrer" />
      ) : (
        <span className={styles.avatar} aria-hidden="true">
          {name.slice(0, 1)}
        </span>
      )}
      <div>
        <div className={styles.profileName}>{name}</div>
        <div className={styles.profileSub}>{PROVIDER_LABELS[provider]}账号，尚未绑定平台账号</div>
      </div>
    </div>
  );
}
