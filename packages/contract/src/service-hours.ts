/**
 * Customer-service hours (docs/product.md §2, §9; docs/chat.md): weekdays 9:00-21:00, weekends
 * 9:00-22:00, Beijing time (UTC+8, no daylight saving), whatever the visitor's own time zone. The one
 * rule of the web (chat widget, help centre, H5 联系我们) and of the server (the chat's after-hours
 * messages); plain code, no zod.
 */
import { inBeijing } from './beijing-time';

/** Whether the service is staffed at `now` (Beijing time; the end minute itself is closed). */
export function isServiceOpen(now: Date = new Date()): boolean {
  const beijing = inBeijing(now);
  if (!beijing) return false;
  const day = beijing.day();
  const minutes = beijing.hour() * 60 + beijing.minute();
  const close = day === 0 || day === 6 ? 22 * 60 : 21 * 60;
  return minutes >= 9 * 60 && minutes < close;
}
