/** A grid of icon shortcuts, each with an optional count badge (e.g. applications waiting for review). */
import { Link } from '@app/host-sdk/router';
import { Badge } from '@app/ui/badge';
import { Grid } from '@app/ui/grid';
import { LineIcon } from '@app/ui/line-icon';
import { SHORTCUT_ICONS, type ShortcutIconName } from './shortcut-icons';

export interface Shortcut {
  label: string;
  to: string;
  icon: ShortcutIconName;
  /** The icon's tint. */
  tone: 'blue' | 'red' | 'orange' | 'green' | 'purple' | 'cyan';
  count?: number;
}

function badgeOf(count: number | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

export function HomeShortcuts({ items, columns = 4 }: { items: Shortcut[]; columns?: number }) {
  return (
    <nav className="home-shortcuts" aria-label="常用功能">
      <Grid columns={columns} gap={[0, 16]}>
        {items.map((item) => (
          <Grid.Item key={item.label}>
            <Link className="home-shortcut" to={item.to} aria-label={item.count ? `${item.label} ${item.count}` : item.label}>
              <Badge content={badgeOf(item.count)}>
                <span className={`home-shortcut__icon home-shortcut__icon--${item.tone}`}>
                  <LineIcon d={SHORTCUT_ICONS[item.icon]} />
                </span>
              </Badge>
              <span className="home-shortcut__label">{item.label}</span>
            </Link>
          </Grid.Item>
        ))}
      </Grid>
    </nav>
  );
}
