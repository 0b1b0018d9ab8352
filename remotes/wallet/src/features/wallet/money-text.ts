/** How the wallet writes amounts: `¥1,234.50`, a change with its sign (`+¥88.00`, `-¥50.00`). */
import { formatYuan } from '@app/domain/money';

export { formatYuan };

export function signedYuan(fen: number): string {
  return fen > 0 ? `+${formatYuan(fen)}` : formatYuan(fen);
}
