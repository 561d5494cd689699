/** `/resource`: 我的资源 (logged-in users). */
import { MyResources } from '@/features/resources/components/my-resources';

export default function MyResourceRoute() {
  return <MyResources />;
}
