/** The DatePicker's wheel labels in Chinese: 2025年, 3月, 15日 (antd-mobile shows bare numbers). */
const SUFFIXES: Partial<Record<string, string>> = { year: '年', month: '月', day: '日' };

export function chineseDateLabel(type: string, data: number): string {
  return `${data}${SUFFIXES[type] ?? ''}`;
}
