/**
 * Completion certificates (结业证书, docs/training.md, Certificates): issued once at completion with a
 * verification code of 80 random bits (CSPRNG; `XXXX-XXXX-XXXX-XXXX` over 32 unambiguous letters
 * and digits), rendered as an A4 landscape PDF in Noto Sans SC, verified publicly (holder name
 * masked), revoked by operators; account cancellation revokes them and erases the holder.
 */
import { inBeijing, PLATFORM_NAME, TrainingMessages, type TrainingVerifyResult } from '@eav/contract';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Db, Tx } from '../../db/client';
import { trainingCertificates } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { pdfFonts } from '../../lib/paper-export';
import { randomString } from '../../lib/tokens';

/** No 0/O, 1/I/L: a code read off paper is unambiguous. */
export const CERTIFICATE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/** A new verification code (16 characters from a 31-letter alphabet ≈ 79 bits), grouped by 4. */
export function newCertificateCode(): string {
  return Array.from({ length: GROUPS }, () => randomString(CERTIFICATE_ALPHABET, GROUP_LENGTH)).join('-');
}

/** The code as typed (lower case, spaces, missing dashes) in its canonical form, or null when malformed. */
export function canonicalCode(raw: string): string | null {
  const compact = raw.toUpperCase().replace(/[\s-]+/g, '');
  if (compact.length !== GROUPS * GROUP_LENGTH) return null;
  for (const ch of compact) if (!CERTIFICATE_ALPHABET.includes(ch)) return null;
  return compact.match(new RegExp(`.{${GROUP_LENGTH}}`, 'g'))!.join('-');
}

/** A name masked for the public page: 张三 → 张*, 张三丰 → 张*丰, longer names keep first and last. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(Math.min(chars.length - 2, 4))}${chars[chars.length - 1]}`;
}

/** Issues the certificate of a completion inside `tx` (a code collision, ~never, retries once). */
export async function issueCertificate(
  tx: Tx,
  input: { userId: number; courseId: number; holderName: string; courseTitle: string; creditHours: number },
  now: Date,
): Promise<void> {
  for (let i = 0; ; i++) {
    const code = newCertificateCode();
    const rows = await tx
      .insert(trainingCertificates)
      .values({ ...input, code, issuedAt: now })
      .onConflictDoNothing({ target: trainingCertificates.code })
      .returning({ id: trainingCertificates.id });
    if (rows.length > 0 || i >= 2) return;
  }
}

/** What the public verification answers for `raw` (a malformed code is simply unknown). */
export async function verifyCertificate(db: Db, raw: string): Promise<TrainingVerifyResult> {
  const code = canonicalCode(raw);
  const unknown: TrainingVerifyResult = {
    status: 'unknown',
    code: code ?? raw.trim().slice(0, 40),
    holderName: null,
    courseTitle: null,
    creditHours: null,
    issuedAt: null,
    revokedAt: null,
  };
  if (!code) return unknown;
  const [row] = await db.select().from(trainingCertificates).where(eq(trainingCertificates.code, code));
  if (!row) return unknown;
  return {
    status: row.revokedAt ? 'revoked' : 'valid',
    code,
    holderName: row.holderName ? maskName(row.holderName) : null,
    courseTitle: row.courseTitle,
    creditHours: row.creditHours,
    issuedAt: row.issuedAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** Revokes the certificate `raw` (idempotent: a revoked one keeps its first date and reason). @throws 404 */
export async function revokeCertificate(db: Db, raw: string, reason: string, now: Date): Promise<TrainingVerifyResult> {
  const code = canonicalCode(raw);
  const [row] = code ? await db.select().from(trainingCertificates).where(eq(trainingCertificates.code, code)) : [];
  if (!row) throw notFound(TrainingMessages.certificateNotFound);
  if (!row.revokedAt)
    await db
      .update(trainingCertificates)
      .set({ revokedAt: now, revokedReason: reason })
      .where(eq(trainingCertificates.id, row.id));
  return verifyCertificate(db, row.code);
}

/** Beijing date `YYYY年M月D日` of an instant. */
export function beijingDate(d: Date): string {
  return inBeijing(d)?.format('YYYY年M月D日') ?? '';
}

/** Hours as shown: 2, 2.5. */
export const hoursText = (h: number) => String(Math.round(h * 10) / 10);

/**
 * The certificate as a one-page A4 landscape PDF: title, holder, course, hours, date, code and
 * where to verify it (`verifyUrl`).
 */
export async function renderCertificatePdf(c: {
  holderName: string;
  courseTitle: string;
  creditHours: number;
  issuedAt: Date;
  code: string;
  verifyUrl: string;
}): Promise<Buffer> {
  const { regular, bold } = pdfFonts();
  const pdf = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: { top: 60, bottom: 40, left: 70, right: 70 },
    info: { Title: `结业证书 ${c.courseTitle}`, Creator: PLATFORM_NAME },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (b: Buffer) => chunks.push(b));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('regular', regular);
  pdf.registerFont('bold', bold);
  const w = pdf.page.width;
  const h = pdf.page.height;
  const inner = w - 140;
  pdf
    .lineWidth(3)
    .strokeColor('#1f5fa8')
    .rect(24, 24, w - 48, h - 48)
    .stroke();
  pdf
    .lineWidth(1)
    .strokeColor('#8fb3dc')
    .rect(34, 34, w - 68, h - 68)
    .stroke();
  pdf.fillColor('#1f5fa8').font('bold').fontSize(36).text('结业证书', 70, 80, { width: inner, align: 'center' });
  pdf.moveDown(1.2);
  pdf.fillColor('#222222').font('regular').fontSize(18);
  pdf.text(`${c.holderName} 老师：`, 110, pdf.y, { width: inner - 80 });
  pdf.moveDown(0.8);
  pdf.text(
    `您于 ${beijingDate(c.issuedAt)} 完成${PLATFORM_NAME}智慧研修课程《${c.courseTitle}》的全部学习并通过结业测验，获得 ${hoursText(c.creditHours)} 学时。`,
    140,
    pdf.y,
    { width: inner - 140, lineGap: 10 },
  );
  pdf.moveDown(0.6);
  pdf.text('特发此证。', 140, pdf.y);
  pdf.font('regular').fontSize(14).fillColor('#222222');
  pdf.text(PLATFORM_NAME, 70, h - 190, { width: inner - 60, align: 'right' });
  pdf.text(beijingDate(c.issuedAt), 70, h - 165, { width: inner - 60, align: 'right' });
  pdf.font('regular').fontSize(11).fillColor('#555555');
  pdf.text(`证书编号：${c.code}`, 70, h - 110, { width: inner, align: 'center' });
  pdf.text(`验证地址：${c.verifyUrl}`, 70, h - 92, { width: inner, align: 'center' });
  pdf.end();
  return done;
}
