/**
 * One invoice application: the buyer (name, tax number), the amount, the goods, where the customer scanned, where the
 * invoice goes, the remarks and the time; optionally its status, a selection checkbox (batch mode) and actions.
 */
import type { ReactNode } from 'react';
import { formatYuan } from '@app/domain/money';
import { Checkbox } from '@app/ui/checkbox';
import { chinaDateTime } from '@app/domain/china-time';
import type { Application } from '@app/contract/invoice-application';
import { ApplicationStatusTag } from './ApplicationStatusTag';
import './application-card.css';

export interface ApplicationSelection {
  selected: boolean;
  onToggle: () => void;
}

export interface ApplicationCardProps {
  application: Application;
  /** Show the status badge (lists that mix statuses). */
  showStatus?: boolean;
  /** Batch mode: a checkbox, and tapping the card toggles it. */
  selection?: ApplicationSelection;
  /** Buttons at the bottom of the card. */
  actions?: ReactNode;
}

function deliveryOf(application: Application): string {
  return [application.deliverPhone, application.deliverEmail].filter(Boolean).join(' / ') || '未填写';
}

function Line({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={`application-card__line${className ? ` ${className}` : ''}`}>
      <span className="application-card__label">{label}</span>
      <span className="application-card__value">{children}</span>
    </div>
  );
}

export function ApplicationCard({ application, showStatus = false, selection, actions }: ApplicationCardProps) {
  const { buyer } = application;
  const selectable = selection !== undefined;
  const className = [
    'application-card',
    selectable ? 'application-card--selectable' : '',
    selection?.selected ? 'application-card--selected' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a tap anywhere on the card is a shortcut for its checkbox, which is the control keyboards and screen readers use.
    <article className={className} aria-label={buyer.name} onClick={selection?.onToggle}>
      <div className="application-card__head">
        {selection ? (
          <span className="application-card__check">
            <Checkbox
              checked={selection.selected}
              onChange={selection.onToggle}
              // The card toggles on tap: the checkbox's own tap must not reach it and toggle a second time.
              onClick={(event) => event.stopPropagation()}
              aria-label={`选择${buyer.name}`}
            />
          </span>
        ) : null}
        <div className="application-card__buyer">
          <div className="application-card__name">{buyer.name}</div>
          <div className="application-card__tax-number">
            {buyer.taxNumber ? `税号 ${buyer.taxNumber}` : buyer.naturalPerson ? '个人' : '未填写税号'}
          </div>
        </div>
        <div className="application-card__side">
          <span className="application-card__amount">{formatYuan(application.grossFen)}</span>
          {showStatus ? <ApplicationStatusTag status={application.status} /> : null}
        </div>
      </div>
      <div className="application-card__body">
        <Line label="商品">{application.goodsName}</Line>
        <Line label="来源">
          <span className="application-card__source">{application.source}</span>
          {application.sourceName}
        </Line>
        <Line label="交付">{deliveryOf(application)}</Line>
        {application.remarks ? <Line label="备注">{application.remarks}</Line> : null}
        <Line label="时间">{chinaDateTime(application.createdAt)}</Line>
        {application.rejectReason ? (
          <Line label="拒绝原因" className="application-card__line--reject">
            {application.rejectReason}
          </Line>
        ) : null}
      </div>
      {actions ? <div className="application-card__actions">{actions}</div> : null}
    </article>
  );
}
