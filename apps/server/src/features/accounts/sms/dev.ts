/**
 * Development provider (docs/api.md, Configuration): appends `{"phone","purpose","code","sentAt"}` as one
 * JSON line to $DATA_DIR/sms-outbox.jsonl, where developers and browser tests read the code.
 * Refused in production by the configuration.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SmsMessage, SmsProvider } from './types';

export class DevSmsProvider implements SmsProvider {
  readonly name = 'dev';
  readonly outbox: string;
  constructor(
    dataDir: string,
    private readonly now: () => number,
  ) {
    this.outbox = path.join(dataDir === ':memory:' ? os.tmpdir() : dataDir, 'sms-outbox.jsonl');
  }
  async send(message: SmsMessage): Promise<void> {
    await fs.mkdir(path.dirname(this.outbox), { recursive: true });
    const line = JSON.stringify({
      phone: message.phone,
      purpose: message.purpose,
      code: message.code,
      sentAt: new Date(this.now()).toISOString(),
    });
    // One appendFile call per line: O_APPEND writes of a short line do not interleave.
    await fs.appendFile(this.outbox, line + '\n', 'utf8');
  }
}
