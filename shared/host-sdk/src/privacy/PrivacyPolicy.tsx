/**
 * 隐私政策: what is collected, why, for how long, who receives it, the person's rights and how to reach us. One text
 * for the host's page (`appPaths.privacyPolicy`) and the agreement dialog's popup; sections are real headings.
 */
import { useAtomValue } from 'jotai';
import { PRIVACY_POLICY_VERSION } from '@app/domain/privacy-policy';
import { servicesConfigAtom, sessionStore } from '../session';
import { COLLECTED, KEPT_BY_LAW_PERIODS, RIGHTS, SHARED_WITH, type CollectedItem } from './privacy-policy-text';
import './privacy-policy.css';

function Collected({ item }: { item: CollectedItem }) {
  return (
    <li className="privacy-policy__item">
      <h3 className="privacy-policy__item-title">{item.what}</h3>
      <dl className="privacy-policy__facts">
        {item.source ? (
          <>
            <dt>来源</dt>
            <dd>{item.source}</dd>
          </>
        ) : null}
        <dt>用途</dt>
        <dd>{item.purpose}</dd>
        <dt>保存期限</dt>
        <dd>{item.retention}</dd>
      </dl>
    </li>
  );
}

function Contact() {
  const hotline = useAtomValue(servicesConfigAtom, { store: sessionStore })?.appHotLine;
  return (
    <section className="privacy-policy__section" aria-labelledby="privacy-contact">
      <h2 id="privacy-contact">六、如何联系我们</h2>
      <p>
        对本政策或您的个人信息有任何疑问、意见或请求，请在「我的 → 联系客服」中联系我们
        {hotline ? (
          <>
            ，或拨打客服热线 <a href={`tel:${hotline.replace(/[^\d+]/g, '')}`}>{hotline}</a>
          </>
        ) : null}
        。我们将在验证您的身份后 15 个工作日内答复。
      </p>
    </section>
  );
}

const INTRO =
  '优税通帮助企业连接电子税务局开具发票、管理票夹与收支。我们只收集提供这些服务所必需的个人信息，并按本政策处理。请您仔细阅读；您同意《用户授权协议》即表示同意本政策。';

export function PrivacyPolicy() {
  return (
    <article className="privacy-policy" aria-labelledby="privacy-title">
      <h1 id="privacy-title" className="privacy-policy__title">
        优税通隐私政策
      </h1>
      <p className="privacy-policy__version">
        版本 {PRIVACY_POLICY_VERSION}，自 {PRIVACY_POLICY_VERSION} 起生效
      </p>
      <p>{INTRO}</p>
      <section className="privacy-policy__section" aria-labelledby="privacy-collected">
        <h2 id="privacy-collected">一、我们收集哪些信息、为什么收集、保存多久</h2>
        <ul className="privacy-policy__items">
          {COLLECTED.map((item) => (
            <Collected key={item.what} item={item} />
          ))}
        </ul>
      </section>
      <section className="privacy-policy__section" aria-labelledby="privacy-kept">
        <h2 id="privacy-kept">二、依法保存的信息</h2>
        <p>发票、收支与钱包流水属于企业依法必须保存的涉税资料和会计资料。即使您注销个人账号，企业的这些记录仍依法保存：</p>
        <ul className="privacy-policy__list">
          {KEPT_BY_LAW_PERIODS.map((period) => (
            <li key={period}>{period}</li>
          ))}
        </ul>
        <p>两者不同时以较长者为准。保存期间仅供依法备查，不用于其他目的；期满后删除或匿名化。</p>
      </section>
      <section className="privacy-policy__section" aria-labelledby="privacy-shared">
        <h2 id="privacy-shared">三、我们向谁提供您的信息</h2>
        <ul className="privacy-policy__items">
          {SHARED_WITH.map((party) => (
            <li key={party.who} className="privacy-policy__item">
              <h3 className="privacy-policy__item-title">{party.who}</h3>
              <dl className="privacy-policy__facts">
                <dt>提供的信息</dt>
                <dd>{party.what}</dd>
                <dt>目的</dt>
                <dd>{party.why}</dd>
              </dl>
            </li>
          ))}
        </ul>
        <p>除上述情形和法律法规要求外，我们不会向任何第三方提供您的个人信息，也不会出售您的个人信息。</p>
      </section>
      <section className="privacy-policy__section" aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">四、您的权利</h2>
        <dl className="privacy-policy__rights">
          {RIGHTS.map((entry) => (
            <div key={entry.right}>
              <dt>{entry.right}</dt>
              <dd>{entry.how}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="privacy-policy__section" aria-labelledby="privacy-updates">
        <h2 id="privacy-updates">五、本政策的更新</h2>
        <p>本政策更新后版本号随之变化，我们会在您下次打开优税通时通过「用户需知」请您重新阅读并确认。</p>
      </section>
      <Contact />
    </article>
  );
}
