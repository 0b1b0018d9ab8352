/**
 * `/taxi/trip` (记录行程): the driver records a trip for the default car (its plate shown, 更换 on `/taxi/cars`): when
 * the passenger got in and out, from where to where, the kilometres and the fare, each checked under its field with
 * the domain's rules. Submitting records it (`taxiTrip/create`), shares it (`taxiTrip/shareTrip`) and opens its share
 * page for the passenger to scan. Without a car, the page points to adding one.
 */
import { appHref } from '@app/host-sdk/paths';
import { useState } from 'react';
import { MAX_TRIP_AGE_MS } from '@app/domain/taxi-trip';
import { Link, useNavigate, useRouteMeta } from '@app/host-sdk/router';
import { useSession } from '@app/host-sdk/session-hooks';
import { Button } from '@app/ui/button';
import { Form } from '@app/ui/form';
import { Input } from '@app/ui/input';
import { Page } from '@app/ui/page';
import { StatusView } from '@app/ui/status-view';
import { Card, DetailRow } from '@app/widgets/card';
import { LoadingCard, PageForm } from '@app/widgets/form-page';
import { LoadedView } from '@app/widgets/state-view';
import { useCompanyCars } from '../../features/cars/use-company-cars';
import { TaxiOnlyPage } from '../../features/taxi-only/TaxiOnlyPage';
import { createTrip, shareTrip } from '../../features/trips/trips-api';
import { href } from '../../paths';
import { TimeInput } from './TimeInput';
import {
  distanceRule,
  endRule,
  fareRule,
  formFieldOf,
  freshValues,
  placeRule,
  startRule,
  toCreateBody,
  type TripFormValues,
} from './trip-form-rules';
import './taxi-trip.css';

function TimeField({
  name,
  label,
  rules,
  dependencies,
}: {
  name: keyof TripFormValues;
  label: string;
  rules: Parameters<typeof Form.Item>[0]['rules'];
  dependencies?: string[];
}) {
  const now = new Date();
  return (
    <Form.Item name={name} label={label} required rules={rules} dependencies={dependencies}>
      <TimeInput label={label} min={new Date(now.getTime() - MAX_TRIP_AGE_MS)} max={now} />
    </Form.Item>
  );
}

function TripForm({ carId }: { carId: string }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<TripFormValues>();
  const [initialValues] = useState(() => freshValues());

  async function record(values: TripFormValues) {
    const trip = await createTrip(toCreateBody(carId, values));
    // Recorded: the share page shares it again should sharing fail here (sharing is no-repeat on the server).
    await shareTrip(trip.id).catch(() => undefined);
    form.setFieldsValue(freshValues());
    navigate(href('taxiTripShare', {}, { id: trip.id }));
  }

  return (
    <PageForm
      form={form}
      className="taxi-trip__form"
      initialValues={initialValues}
      onSubmit={record}
      nameOf={formFieldOf}
      submitText="记录并分享"
      submittingText="提交中"
    >
      <Form.Header>行程时间</Form.Header>
      <TimeField name="startTime" label="上车时间" rules={[startRule]} />
      <TimeField name="endTime" label="下车时间" rules={[endRule(form)]} dependencies={['startTime']} />
      <Form.Header>行程信息</Form.Header>
      <Form.Item name="fromPlace" label="上车地点" rules={[placeRule('上车地点')]}>
        <Input placeholder="如 杭州东站" maxLength={50} clearable />
      </Form.Item>
      <Form.Item name="toPlace" label="下车地点" rules={[placeRule('下车地点')]}>
        <Input placeholder="如 西湖文化广场" maxLength={50} clearable />
      </Form.Item>
      <Form.Item name="distance" label="里程（公里）" rules={[distanceRule]}>
        <Input inputMode="decimal" placeholder="如 12.5" maxLength={8} clearable />
      </Form.Item>
      <Form.Item name="fare" label="车费（元）" rules={[fareRule]}>
        <Input inputMode="decimal" placeholder="如 46.50" maxLength={12} clearable />
      </Form.Item>
    </PageForm>
  );
}

export default function TaxiTripPage() {
  const title = useRouteMeta()?.title ?? '记录行程';
  const navigate = useNavigate();
  const { isTaxiUser } = useSession();
  const { defaultCar, load, retry } = useCompanyCars();
  if (!isTaxiUser) return <TaxiOnlyPage title={title} description="出租车企业的司机在这里记录行程，分享给乘客领取开票" />;
  if (!defaultCar) {
    return (
      <Page title={title}>
        <LoadedView
          loaded={load}
          placeholder={<LoadingCard label="车辆加载中" />}
          missing={{ title: '没有找到企业车辆' }}
          failedTitle="车辆加载失败"
          onRetry={retry}
        >
          {() => (
            <StatusView icon="empty" title="还没有车辆" description="请先添加车辆并设为默认车辆，再记录行程">
              <Button block color="primary" onClick={() => navigate(appHref('taxiCars'))}>
                去添加车辆
              </Button>
            </StatusView>
          )}
        </LoadedView>
      </Page>
    );
  }
  return (
    <Page title={title}>
      <Card className="taxi-trip__car" aria-label="记录车辆">
        <DetailRow label="车辆">
          <span className="taxi-trip__plate">{defaultCar.licensePlateNumber}</span>
          <button type="button" className="taxi-trip__change" onClick={() => navigate(appHref('taxiCars'))}>
            更换
          </button>
        </DetailRow>
      </Card>
      <TripForm carId={defaultCar.id} />
      <div className="taxi-trip__links">
        <Link to={appHref('taxiShareList')}>分享记录</Link>
      </div>
    </Page>
  );
}
