/** `/teachersTraining/verify?code=`: 结业证书验证 (docs/training.md). */
import { VerifyCertificate } from '@/features/training/components/verify-certificate';

export default function Route() {
  return <VerifyCertificate />;
}
