/** The SMS provider interface (see index.ts). */
import type { SmsPurpose } from '@eav/contract';

export interface SmsMessage {
  phone: string;
  purpose: SmsPurpose;
  code: string;
}

export interface SmsProvider {
  readonly name: string;
  /** Sends the code; rejects with SmsSendError when the provider refuses or cannot be reached. */
  send(message: SmsMessage): Promise<void>;
}

/** A failed send; `message` is safe to log (vendor error code, no phone number, no code). */
export class SmsSendError extends Error {}
