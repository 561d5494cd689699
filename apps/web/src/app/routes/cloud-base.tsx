/** `/digitalResources/cloudBase`: the cloud question bank. */
import { CloudBase } from '@/features/question-bank/components/cloud-base';

export default function CloudBaseRoute() {
  return <CloudBase />;
}
