/** `/mobileH5/joinClass?code=`: join a class by code on the phone (the class QR code leads here). */
import { MobileJoinClass } from '@/features/teaching/components/mobile/join-class';

export default function MobileJoinClassRoute() {
  return <MobileJoinClass />;
}
