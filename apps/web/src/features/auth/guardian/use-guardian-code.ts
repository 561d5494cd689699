/**
 * Sending the guardian's SMS code from the pupil's session, for desktop and H5: keeps the flow
 * ticket, runs the resend countdown from the answer (or the server's retryAfter), and answers the
 * failure's message for the form to show.
 */
import { LIMITS, phoneField } from '@eav/contract';
import { useState } from 'react';
import { errorMessage } from '@/lib/error-message';
import { fieldProblem } from '@/lib/form-rules';
import { sendGuardianCode } from '../api/guardian';
import { useCountdown } from '../hooks/use-countdown';

export interface GuardianCodeSender {
  left: number;
  sending: boolean;
  /** The flow ticket of the last send ('' before any). */
  ticket: string;
  /** Sends to `phone`; answers the problem to show, or null when sent. */
  send(phone: string): Promise<string | null>;
}

export function useGuardianCode(): GuardianCodeSender {
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [ticket, setTicket] = useState('');
  const send = async (phone: string) => {
    const problem = fieldProblem(phoneField, phone.trim());
    if (problem) return problem;
    setSending(true);
    try {
      const data = await sendGuardianCode(phone.trim());
      setTicket(data.smsTicket);
      start(data.resendIn > 0 ? data.resendIn : LIMITS.smsResendSeconds);
      return null;
    } catch (error) {
      const wait = (error as { data?: { retryAfter?: unknown } }).data?.retryAfter;
      if (typeof wait === 'number' && wait > 0) start(wait);
      return errorMessage(error, '发送失败，请稍后重试');
    } finally {
      setSending(false);
    }
  };
  return { left, sending, ticket, send };
}
