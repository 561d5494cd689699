/** `/digitalBook`: the digital textbook catalogue (issue 4). */
import { Catalogue } from '@/features/textbooks/components/catalogue';

export default function DigitalBookRoute() {
  return <Catalogue />;
}
