/**
 * How a phone number is shown outside its owner's own form: 138****0001 (the first three and the last
 * four digits). Every masked phone of the web, the answers and the audit trail comes from here; a
 * number that is not 11 digits long shows as ***.
 */
export function maskPhone(phone: string): string {
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : '***';
}
