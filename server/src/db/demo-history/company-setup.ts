/** The company's first days here: the goods it adds, its sub-codes, the customers who will pay it, and its staff. */
import { eq } from 'drizzle-orm';
import { createSubCode } from '../../companies/codes';
import { createGoods } from '../../companies/goods';
import { inviteMember, joinByInvitation } from '../../companies/memberships';
import { resolveShop } from '../../companies/shops';
import { goods } from '../schema/companies';
import { users } from '../schema/users';
import { DAY, lastDeskTime, MINUTE } from './china-hours';
import { namedGoods, type History } from './history';
import { CUSTOMERS, STAFF } from './participants';

/** Goods the company adds beside the seed's (entries of the tax classification list). */
const NEW_GOODS = [
  {
    name: '龙井茶礼盒',
    taxCode: '1030303000000000000',
    taxShortName: '茶叶',
    model: '明前特级 250g',
    unit: '盒',
    unitPriceFen: 26_800,
    taxRatePermille: 130,
    taxFree: null,
  },
  {
    name: '打印机硒鼓',
    taxCode: '1090512000000000000',
    taxShortName: '计算机配套产品',
    model: 'CF230A',
    unit: '个',
    unitPriceFen: 39_900,
    taxRatePermille: 130,
    taxFree: null,
  },
  {
    name: '技术咨询服务',
    taxCode: '3040602000000000000',
    taxShortName: '咨询服务',
    model: '',
    unit: '次',
    unitPriceFen: null,
    taxRatePermille: 60,
    taxFree: null,
  },
] as const;

/** The seed's goods, and the company's own three added at its first desk moment here (`firstDesk`), minutes apart. */
export async function addGoods(history: History, firstDesk: number): Promise<void> {
  const { db, company, goodsByName } = history;
  for (const item of await db.select().from(goods).where(eq(goods.companyId, company.id))) goodsByName.set(item.name, item);
  for (const [index, item] of NEW_GOODS.entries()) {
    goodsByName.set(item.name, await createGoods(db, company.id, { ...item }, new Date(firstDesk + index * 3 * MINUTE)));
  }
}

/** Two sub-codes (前台收银, and 龙井茶礼盒 at the box's price), and the three places customers pay. */
export async function addShops(history: History, firstDesk: number): Promise<void> {
  const { db, company } = history;
  const tea = namedGoods(history, '龙井茶礼盒');
  const desk = await createSubCode(
    db,
    company.id,
    { name: '前台收银', goodsId: null, amountFen: null, enabled: true },
    new Date(firstDesk + 15 * MINUTE),
  );
  const giftBox = await createSubCode(
    db,
    company.id,
    { name: '龙井茶礼盒', goodsId: tea.id, amountFen: tea.unitPriceFen, enabled: true },
    new Date(firstDesk + 18 * MINUTE),
  );
  // Where customers pay: the shop code, 前台收银, 龙井茶礼盒 (a fixed amount).
  for (const code of [company.code, desk.code, giftBox.code]) history.shops.push(await resolveShop(db, code));
}

/** The customers, users since the history's first day. */
export async function addCustomers(history: History): Promise<void> {
  for (const [index, customer] of CUSTOMERS.entries()) {
    const [row] = await history.db
      .insert(users)
      .values({
        provider: 'demo',
        providerSubject: `history-customer-${index + 1}`,
        nickname: customer.nickname,
        phone: customer.phone,
        createdAt: new Date(history.from),
      })
      .returning({ id: users.id });
    if (row) history.customerIds.push(row.id);
  }
}

/** The manager invites the staff: two accept on the second day, one invited lately has not yet. */
export async function inviteStaff(history: History, firstDesk: number): Promise<void> {
  const { db, company, manager, end, rng } = history;
  for (const [index, member] of STAFF.entries()) {
    const invitedAt = member.accepts ? firstDesk + DAY + index * 5 * MINUTE : lastDeskTime(end - 3 * DAY);
    const invitation = await inviteMember(
      db,
      company.id,
      { phone: member.phone, name: member.name, role: member.role },
      manager.id,
      new Date(invitedAt),
    );
    if (!member.accepts) continue;
    const joinedAt = invitedAt + rng.int(20, 90) * MINUTE;
    const [user] = await db
      .insert(users)
      .values({
        provider: 'demo',
        providerSubject: `history-staff-${index + 1}`,
        nickname: member.name,
        phone: member.phone,
        createdAt: new Date(joinedAt - 2 * MINUTE),
      })
      .returning({ id: users.id });
    if (user) await joinByInvitation(db, user.id, invitation.id, new Date(joinedAt));
  }
}
