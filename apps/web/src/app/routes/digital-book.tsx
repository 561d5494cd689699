/** `/digitalBook`: the digital textbook catalogue. */
import { Catalogue } from '@/features/textbooks/components/catalogue';

export default function DigitalBookRoute() {
  return <Catalogue />;
}
