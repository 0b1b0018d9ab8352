/**
 * `/taxi/cars` (车辆管理): the company's cars. Everyone of a taxi company sees them and chooses the default car (kept on
 * this device: the trip form records for it); a manager also adds a car (the plate checked with the domain's rule as
 * it is typed, the server's refusal under the field) and removes one after a confirmation.
 */
import { isNewEnergyPlate, normalizePlate, plateProblem, PLATE_MESSAGES } from '@app/domain/licence-plate';
import { hasPermission } from '@app/host-sdk/roles';
import { useRouteMeta } from '@app/host-sdk/router';
import { useSession } from '@app/host-sdk/session-hooks';
import { Button } from '@app/ui/button';
import { showToast } from '@app/ui/feedback';
import { Form } from '@app/ui/form';
import { Input } from '@app/ui/input';
import { List } from '@app/ui/list';
import { Page } from '@app/ui/page';
import { Tag } from '@app/ui/tag';
import { confirmRemoval } from '@app/widgets/confirm-removal';
import { LoadingCard, PageForm } from '@app/widgets/form-page';
import { LoadedView } from '@app/widgets/state-view';
import { Note } from '@app/widgets/note';
import { addCar, removeCar, type Car } from '../../features/cars/cars-api';
import { useCompanyCars } from '../../features/cars/use-company-cars';
import { TaxiOnlyPage } from '../../features/taxi-only/TaxiOnlyPage';
import './taxi-cars.css';

/** While typing, only what is wrong already (the province, the office letter); the length once the field is left. */
const typingRule = {
  validateTrigger: 'onChange',
  validator: async (_: unknown, value: string | undefined) => {
    const problem = value ? plateProblem(value) : null;
    if (problem === 'province' || problem === 'office') throw new Error(PLATE_MESSAGES[problem]);
  },
};
const wholeRule = {
  validateTrigger: 'onBlur',
  validator: async (_: unknown, value: string | undefined) => {
    const problem = plateProblem(value ?? '');
    if (problem) throw new Error(PLATE_MESSAGES[problem]);
  },
};

function AddCarForm({ onAdded }: { onAdded: (car: Car) => Promise<void> }) {
  const [form] = Form.useForm<{ licensePlateNumber: string }>();
  async function add({ licensePlateNumber }: { licensePlateNumber: string }) {
    const car = await addCar(normalizePlate(licensePlateNumber));
    form.resetFields();
    showToast({ icon: 'success', content: `已添加 ${car.licensePlateNumber}` });
    await onAdded(car);
  }
  return (
    <PageForm form={form} initialValues={{ licensePlateNumber: '' }} onSubmit={add} submitText="添加车辆" submittingText="添加中">
      <Form.Header>添加车辆</Form.Header>
      <Form.Item
        name="licensePlateNumber"
        label="车牌号"
        required
        validateTrigger={['onChange', 'onBlur']}
        rules={[typingRule, wholeRule]}
        description="普通车牌 5 位，新能源车牌 6 位"
      >
        <Input placeholder="如 浙A·T1234" maxLength={16} clearable autoComplete="off" />
      </Form.Item>
    </PageForm>
  );
}

interface CarListProps extends Pick<ReturnType<typeof useCompanyCars>, 'cars' | 'defaultCar' | 'setDefaultCar'> {
  manager: boolean;
  onRemove(car: Car): void;
}

/** The company's cars, the default one marked, each with 设为默认 (and 删除 for a manager). */
function CarList({ cars, defaultCar, setDefaultCar, manager, onRemove }: CarListProps) {
  if (cars.length === 0) {
    return (
      <Note className="taxi-cars__empty" as="p">
        {manager ? '还没有车辆，请先添加车辆，再记录行程' : '企业还没有车辆，请联系企业管理员添加'}
      </Note>
    );
  }
  return (
    <List mode="card" header="企业车辆（默认车辆用于记录行程）" aria-label="企业车辆">
      {cars.map((car) => (
        <List.Item
          key={car.id}
          aria-label={car.licensePlateNumber}
          description={isNewEnergyPlate(car.licensePlateNumber) ? '新能源' : undefined}
          extra={
            <span className="taxi-cars__actions">
              {defaultCar?.id === car.id ? (
                <Tag color="primary">默认车辆</Tag>
              ) : (
                <Button size="mini" color="primary" fill="outline" onClick={() => setDefaultCar(car.id)}>
                  设为默认
                </Button>
              )}
              {manager ? (
                <Button size="mini" color="danger" fill="none" onClick={() => onRemove(car)}>
                  删除
                </Button>
              ) : null}
            </span>
          }
        >
          {car.licensePlateNumber}
        </List.Item>
      ))}
    </List>
  );
}

export default function TaxiCarsPage() {
  const title = useRouteMeta()?.title ?? '车辆管理';
  const { user, isTaxiUser } = useSession();
  const { cars, defaultCar, setDefaultCar, load, retry, reload } = useCompanyCars();
  if (!isTaxiUser) return <TaxiOnlyPage title={title} description="出租车企业在这里管理车辆、选择默认车辆" />;
  const manager = hasPermission(user, 'company_manage');

  async function remove(car: Car) {
    await confirmRemoval({
      title: '删除车辆',
      content: `确定删除“${car.licensePlateNumber}”吗？已记录的行程会保留。`,
      remove: async () => {
        await removeCar(car.id);
        await reload();
        return '已删除';
      },
    });
  }

  // The session's cars show while they load again; the placeholder only while there are none yet.
  const shown = load.state === 'loading' && cars.length > 0 ? { state: 'ready' as const, value: cars } : load;
  return (
    <Page title={title}>
      <div className="taxi-cars">
        <LoadedView
          loaded={shown}
          placeholder={<LoadingCard lines={3} label="车辆加载中" />}
          missing={{ title: '没有找到企业车辆' }}
          failedTitle="车辆加载失败"
          onRetry={retry}
        >
          {() => (
            <>
              <CarList
                cars={cars}
                defaultCar={defaultCar}
                setDefaultCar={setDefaultCar}
                manager={manager}
                onRemove={(car) => void remove(car)}
              />
              {manager ? <AddCarForm onAdded={() => reload()} /> : null}
            </>
          )}
        </LoadedView>
      </div>
    </Page>
  );
}
