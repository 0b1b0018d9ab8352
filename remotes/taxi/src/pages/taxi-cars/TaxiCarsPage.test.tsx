import { afterEach, describe, expect, test } from '@rstest/core';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PLATE_MESSAGES } from '@app/domain/licence-plate';
import { pageMeta } from '@app/host-sdk/route-meta';
import { DEFAULT_CAR_STORAGE_KEY } from '@app/host-sdk/session';
import { fail, ok, renderPage, sequence, userDetail, type Route } from '@app/host-sdk/testing';
import type { UserDetail } from '@app/contract/user';
import { CARS, TAXI_DRIVER, TAXI_MANAGER } from '../../test-support/fixtures';
import TaxiCarsPage from './TaxiCarsPage';

afterEach(cleanup);

const open = (user: UserDetail = TAXI_MANAGER, calls: Record<string, Route> = {}) =>
  renderPage(<TaxiCarsPage />, {
    url: '/taxi/cars',
    meta: pageMeta('TaxiCars', '车辆管理'),
    user,
    calls: { 'taxiCar/getMyCars': ok(CARS), ...calls },
  });

const plateField = () =>
  screen.getByText('车牌号', { selector: '.adm-form-item-label, .adm-form-item-label *' }).closest('.adm-form-item') as HTMLElement;
const typePlate = (value: string) => fireEvent.change(within(plateField()).getByRole('textbox'), { target: { value } });
const row = (plate: string) => screen.getByText(plate).closest('.adm-list-item') as HTMLElement;

describe('TaxiCarsPage', () => {
  test('the first car is the default until another is chosen, which is kept on this device', async () => {
    open(TAXI_DRIVER);
    await screen.findByText('浙A·D12345');
    expect(within(row('浙A·T1234')).getByText('默认车辆')).toBeTruthy();
    // A driver chooses the default but neither adds nor removes.
    expect(screen.queryByText('添加车辆')).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    fireEvent.click(within(row('浙A·D12345')).getByRole('button', { name: '设为默认' }));
    await waitFor(() => expect(within(row('浙A·D12345')).getByText('默认车辆')).toBeTruthy());
    expect(JSON.parse(localStorage.getItem(DEFAULT_CAR_STORAGE_KEY) ?? 'null')).toBe('car-2');
  });

  test('a manager adds a car: the plate is checked as it is typed and on submit, then sent in its printed form', async () => {
    const { api } = open(TAXI_MANAGER, {
      'taxiCar/add': ok({ id: 'car-3', licensePlateNumber: '沪B·12345D' }),
      'taxiCar/getMyCars': sequence(ok(CARS), ok([...CARS, { id: 'car-3', licensePlateNumber: '沪B·12345D' }])),
    });
    await screen.findByText('浙A·D12345');
    typePlate('A12345');
    expect(await within(plateField()).findByText(PLATE_MESSAGES.province)).toBeTruthy();
    typePlate('沪I');
    expect(await within(plateField()).findByText(PLATE_MESSAGES.office)).toBeTruthy();
    typePlate('沪B123');
    await waitFor(() => expect(within(plateField()).queryByText(PLATE_MESSAGES.office)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '添加车辆' }));
    expect(await within(plateField()).findByText(PLATE_MESSAGES.shape)).toBeTruthy();
    expect(api.bodiesOf('taxiCar/add')).toEqual([]);

    typePlate('沪b 12345d');
    fireEvent.click(screen.getByRole('button', { name: '添加车辆' }));
    expect(await screen.findByText('沪B·12345D')).toBeTruthy();
    expect(api.bodiesOf('taxiCar/add')).toEqual([{ licensePlateNumber: '沪B·12345D' }]);
  });

  test("the server's refusal of a plate shows under the field", async () => {
    open(TAXI_MANAGER, { 'taxiCar/add': fail(4000, '该车牌号已添加', { fields: { licensePlateNumber: '该车牌号已添加' } }) });
    await screen.findByText('浙A·D12345');
    typePlate('浙A·T1234');
    fireEvent.click(screen.getByRole('button', { name: '添加车辆' }));
    expect(await within(plateField()).findByText('该车牌号已添加')).toBeTruthy();
  });

  test('a manager removes a car after confirming; the default it was gives way to the first car', async () => {
    const { api } = open(TAXI_MANAGER, { 'taxiCar/remove': ok({ id: 'car-2' }), 'taxiCar/getMyCars': sequence(ok(CARS), ok([CARS[0]])) });
    await screen.findByText('浙A·D12345');
    fireEvent.click(within(row('浙A·D12345')).getByRole('button', { name: '设为默认' }));
    await waitFor(() => expect(within(row('浙A·D12345')).getByText('默认车辆')).toBeTruthy());
    fireEvent.click(within(row('浙A·D12345')).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/确定删除“浙A·D12345”吗/)).toBeTruthy();
    fireEvent.click(within(dialog).getByText('删除'));
    await waitFor(() => expect(screen.queryByText('浙A·D12345')).toBeNull());
    expect(api.bodiesOf('taxiCar/remove')).toEqual([{ id: 'car-2' }]);
    // The saved default is gone: the first car is the default again.
    expect(within(row('浙A·T1234')).getByText('默认车辆')).toBeTruthy();
  });

  test('anyone but a taxi company is told what the page is for', () => {
    open(userDetail());
    expect(screen.getByText('仅出租车企业可用')).toBeTruthy();
  });
});
