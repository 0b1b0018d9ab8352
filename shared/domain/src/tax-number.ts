/**
 * 纳税人识别号. Usually the 18-character unified social credit code (GB 32100-2015), whose last character is a check
 * character; older numbers of 15–20 upper-case letters and digits are still accepted for buyers.
 */

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;
const USCC_SHAPE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;
const LEGACY_SHAPE = /^[0-9A-Z]{15,20}$/;

/** The check character of the first 17 characters of a unified social credit code. */
export function usccCheckCharacter(first17: string): string {
  if (first17.length !== 17) throw new RangeError('需要统一社会信用代码的前 17 位');
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = ALPHABET.indexOf(first17[i] as string);
    if (value < 0) throw new RangeError(`统一社会信用代码不能含有字符 ${first17[i]}`);
    sum += value * (WEIGHTS[i] as number);
  }
  const check = 31 - (sum % 31);
  return ALPHABET[check === 31 ? 0 : check] as string;
}

/** A valid 18-character unified social credit code: its shape and its check character. */
export function isUnifiedSocialCreditCode(value: string): boolean {
  return USCC_SHAPE.test(value) && usccCheckCharacter(value.slice(0, 17)) === value[17];
}

export type TaxNumberProblem = 'empty' | 'shape' | 'check';

/**
 * Why a tax number is not acceptable, or null when it is: 18-character numbers must be valid unified social credit
 * codes; other lengths are accepted when they are 15–20 upper-case letters and digits.
 */
export function taxNumberProblem(value: string): TaxNumberProblem | null {
  if (value.length === 0) return 'empty';
  if (!LEGACY_SHAPE.test(value)) return 'shape';
  if (value.length === 18) return isUnifiedSocialCreditCode(value) ? null : USCC_SHAPE.test(value) ? 'check' : 'shape';
  return null;
}

export const TAX_NUMBER_MESSAGES: Record<TaxNumberProblem, string> = {
  empty: '请填写纳税人识别号',
  shape: '纳税人识别号应为 15–20 位大写字母或数字',
  check: '纳税人识别号校验位不正确，请核对',
};
