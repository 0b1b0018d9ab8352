/** Small inline icons for the tab bar (no icon font: four paths cost less than a font request). */
import { LineIcon } from '@app/ui/line-icon';

export type TabIconName = 'invoice' | 'ticket' | 'payment' | 'my';

const PATHS: Record<TabIconName, string> = {
  invoice: 'M6 3h9l4 4v14H6z M14 3v5h5 M9 12h7 M9 16h7',
  ticket: 'M3 7h18v4a2 2 0 0 0 0 4v4H3v-4a2 2 0 0 0 0-4z M9 7v12',
  payment: 'M3 6h18v12H3z M3 10h18 M7 15h4',
  my: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z M4 21a8 8 0 0 1 16 0',
};

export function TabIcon({ name }: { name: TabIconName }) {
  return <LineIcon d={PATHS[name]} />;
}
