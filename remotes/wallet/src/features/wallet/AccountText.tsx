/**
 * The bound account as the server masks it (`中国工商银行杭州文三路支行（尾号2345）`): the bank's name may wrap or be
 * cut short where room is scarce, the 尾号 never is, and never breaks across lines.
 */
import { Digits } from '@app/widgets/digits';
import './account-text.css';

const MASKED = /^(.*?)(（尾号\s*\d+）)$/;

export function AccountText({ account, truncate = false }: { account: string; truncate?: boolean }) {
  const [, bank, tail] = MASKED.exec(account) ?? [];
  if (bank === undefined || tail === undefined) return <>{account}</>;
  return (
    <span className={truncate ? 'account-text account-text--truncate' : 'account-text'}>
      <span className="account-text__bank">{bank}</span>
      <Digits className="account-text__tail">{tail}</Digits>
    </span>
  );
}
