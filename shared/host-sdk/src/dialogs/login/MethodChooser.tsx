/** The two login methods side by side (docs/product.md, "Screens and the host": a two-column grid). */
import { Grid } from '@app/ui/grid';
import { LineIcon } from '@app/ui/line-icon';
import type { LoginMethod } from '../../roles';

const METHODS: Record<LoginMethod, { title: string; description: string; icon: string }> = {
  sms: {
    title: '短信授权',
    description: '接收短信验证码登录',
    icon: 'M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1z M10 18h4 M9 7h6 M9 11h4',
  },
  qr: {
    title: '扫码授权',
    description: '用税务局App扫码登录',
    icon: 'M3 3h7v7H3z M14 3h7v7h-7z M3 14h7v7H3z M14 14h3v3h-3z M18 18h3v3h-3z M14 20h2 M20 14v2',
  },
};

export interface MethodChooserProps {
  methods: readonly LoginMethod[];
  onChoose(method: LoginMethod): void;
}

export function MethodChooser({ methods, onChoose }: MethodChooserProps) {
  return (
    <div className="method-chooser">
      <p className="method-chooser__lead">请选择登录电子税务局的方式</p>
      <Grid columns={2} gap={12}>
        {methods.map((method) => (
          <Grid.Item key={method}>
            <button type="button" className="method-chooser__option" onClick={() => onChoose(method)}>
              <LineIcon className="method-chooser__icon" d={METHODS[method].icon} />
              <span className="method-chooser__title">{METHODS[method].title}</span>
              <span className="method-chooser__description">{METHODS[method].description}</span>
            </button>
          </Grid.Item>
        ))}
      </Grid>
    </div>
  );
}
