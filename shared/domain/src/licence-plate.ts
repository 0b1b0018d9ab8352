/**
 * Chinese motor-vehicle licence plates (GA 36-2018), as a taxi company registers its cars: the province's one-character
 * abbreviation, the issuing office's letter, then five letters or digits (an ordinary plate, `浙A·T1234`) or six for a
 * new-energy car (`浙A·D12345` for a small one, `浙A·12345D` for a large one). Letters never include I or O.
 * The stored and printed form is `省字母·其余`; people type it with or without the dot, in either case.
 */

export const PLATE_PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';

const LETTER = 'A-HJ-NP-Z';
const ORDINARY = new RegExp(`^[${LETTER}0-9]{5}$`);
// Small new-energy cars: D (pure electric) or F (hybrid), then a letter or digit and four digits.
const NEW_ENERGY_SMALL = new RegExp(`^[DF][${LETTER}0-9]\\d{4}$`);
// Large new-energy vehicles: five digits, then D or F.
const NEW_ENERGY_LARGE = /^\d{5}[DF]$/;

export type PlateProblem = 'empty' | 'province' | 'office' | 'shape';

export const PLATE_MESSAGES: Record<PlateProblem, string> = {
  empty: '请填写车牌号',
  province: '车牌号应以省份简称开头，如“浙”',
  office: '省份简称后应为发牌机关字母（不含 I、O）',
  shape: '车牌号应为 5 位字母或数字（新能源车为 6 位，含 D 或 F）',
};

/** Upper case, without white space and the separators people type (·, •, -, .). */
function compact(input: string): string {
  return input.replace(/[\s·•・\-.]/g, '').toUpperCase();
}

/** Why a typed plate is not a Chinese licence plate, or null when it is one. */
export function plateProblem(input: string): PlateProblem | null {
  const plate = compact(input);
  if (plate.length === 0) return 'empty';
  const [province = '', office = ''] = [...plate];
  if (!PLATE_PROVINCES.includes(province)) return 'province';
  if (!new RegExp(`^[${LETTER}]$`).test(office)) return 'office';
  const rest = [...plate].slice(2).join('');
  return ORDINARY.test(rest) || NEW_ENERGY_SMALL.test(rest) || NEW_ENERGY_LARGE.test(rest) ? null : 'shape';
}

/** The stored and printed form of a valid plate (`浙A·T1234`); throws on an invalid one (check `plateProblem` first). */
export function normalizePlate(input: string): string {
  const problem = plateProblem(input);
  if (problem) throw new RangeError(PLATE_MESSAGES[problem]);
  const chars = [...compact(input)];
  return `${chars[0]}${chars[1]}·${chars.slice(2).join('')}`;
}

/** Whether a valid plate is a new-energy car's (six characters after the office letter). */
export function isNewEnergyPlate(plate: string): boolean {
  return [...compact(plate)].length === 8;
}
