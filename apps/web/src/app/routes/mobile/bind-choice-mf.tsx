/** `/mobileH5/bindChoiceMf` (docs/product.md §2, §4): bind the education-cube account the `sessionId` guard found unbound. */
import { BindChoiceScreen } from './bind-choice';

export default function BindChoiceMfRoute() {
  return <BindChoiceScreen provider="educube" />;
}
