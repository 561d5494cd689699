/** `/mobileH5/bindChoiceWx` (docs/product.md §2, §4): bind the WeChat account the `unionId` guard stored. */
import { BindChoiceScreen } from './bind-choice';

export default function BindChoiceWxRoute() {
  return <BindChoiceScreen provider="wechat" />;
}
