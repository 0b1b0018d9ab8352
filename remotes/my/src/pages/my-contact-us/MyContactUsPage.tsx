/**
 * `/my/contactUs` (联系客服): the service hotlines as `tel:` links with their service hours, and one service contact
 * (企业微信客服) with its QR image and 添加企业微信客服. With `?auto=workWechat` (where the 2003 服务已到期 dialog of
 * the error catalogue leads) the contact's page opens at once, as soon as it is known.
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { List } from '@app/ui/list';
import { Page } from '@app/ui/page';
import { Skeleton } from '@app/ui/skeleton';
import { getHotlines, getServiceContact, openContact } from './contact-api';
import { useLoad, type Loaded } from './use-load';
import './my-contact-us.css';

function Failed({ what, message, retry }: { what: string; message: string; retry: () => void }) {
  return (
    <div className="contact-us__failed">
      <span>
        {what}加载失败：{message}
      </span>
      <Button size="mini" color="primary" fill="outline" onClick={retry}>
        重试
      </Button>
    </div>
  );
}

function Loading({ label, lines }: { label: string; lines: number }) {
  return (
    <div className="contact-us__loading" role="status" aria-busy="true" aria-label={label}>
      <Skeleton.Paragraph animated lineCount={lines} />
    </div>
  );
}

function Hotlines({ loaded, retry }: { loaded: Loaded<Awaited<ReturnType<typeof getHotlines>>>; retry: () => void }) {
  if (loaded.state === 'loading') return <Loading label="客服热线加载中" lines={3} />;
  if (loaded.state === 'failed') return <Failed what="客服热线" message={loaded.message} retry={retry} />;
  if (loaded.value.length === 0) return <p className="contact-us__empty">暂无客服热线，请通过企业微信联系我们</p>;
  return (
    <List className="contact-us__hotlines">
      {loaded.value.map((hotline) => (
        <List.Item
          key={hotline.id}
          description={hotline.serviceHours ? `服务时间：${hotline.serviceHours}` : undefined}
          extra={
            <a
              className="contact-us__tel"
              href={`tel:${hotline.phone.replace(/[^\d+]/g, '')}`}
              aria-label={`拨打${hotline.name} ${hotline.phone}`}
            >
              {hotline.phone}
            </a>
          }
        >
          {hotline.name}
        </List.Item>
      ))}
    </List>
  );
}

function Contact({ loaded, retry }: { loaded: Loaded<Awaited<ReturnType<typeof getServiceContact>>>; retry: () => void }) {
  if (loaded.state === 'loading') return <Loading label="客服信息加载中" lines={4} />;
  if (loaded.state === 'failed') return <Failed what="客服信息" message={loaded.message} retry={retry} />;
  const person = loaded.value;
  return (
    <div className="contact-us__contact">
      <img className="contact-us__qr" src={person.qrImage} alt={`${person.name}的企业微信二维码`} />
      <div className="contact-us__name">{person.name}</div>
      {person.wechatId ? <div className="contact-us__wechat-id">企业微信号：{person.wechatId}</div> : null}
      <p className="contact-us__hint">长按识别二维码，或点击下方按钮添加客服</p>
      <Button block color="success" size="large" onClick={() => openContact(person.contactUrl)}>
        添加企业微信客服
      </Button>
    </div>
  );
}

export default function MyContactUsPage() {
  const [params] = useSearchParams();
  const auto = params.get('auto') === 'workWechat';
  const hotlines = useLoad(getHotlines);
  const contact = useLoad(getServiceContact);
  const contactUrl = contact.loaded.state === 'ready' ? contact.loaded.value.contactUrl : null;

  // 2003 brought the user here to reach the service at once: open the contact once, as soon as it is known.
  const opened = useRef(false);
  useEffect(() => {
    if (!auto || !contactUrl || opened.current) return;
    opened.current = true;
    openContact(contactUrl);
  }, [auto, contactUrl]);

  return (
    <Page title="联系客服">
      <div className="contact-us">
        {auto && contact.loaded.state !== 'failed' ? <p className="contact-us__auto">正在为您打开企业微信客服…</p> : null}
        <section className="contact-us__card" aria-label="企业微信客服">
          <h2 className="contact-us__title">企业微信客服</h2>
          <Contact loaded={contact.loaded} retry={contact.retry} />
        </section>
        <section className="contact-us__card" aria-label="客服热线">
          <h2 className="contact-us__title">客服热线</h2>
          <Hotlines loaded={hotlines.loaded} retry={hotlines.retry} />
        </section>
      </div>
    </Page>
  );
}
