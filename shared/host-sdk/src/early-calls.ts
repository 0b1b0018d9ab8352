/**
 * The host page's early calls (docs/architecture.md, "One fast first load"): a small script of its own, inline in the
 * host's HTML, so that the start-up's calls go out while the app's scripts are still downloading over a phone's
 * network, not after them. It sends what the start-up would send first, with the
 * session the start-up would send it with:
 *
 * - the service config (`sysConfig/get`), unless the page carries the server's answer to it (written as the page was:
 *   `@app/contract/first-calls`, PAGE_ANSWERS_BLOCK_ID), which then stands for the call;
 * - the exchange of the sign-in code the address carries (`auth/exchange`, with the verifier this browser kept), unless
 *   the page carries its answer (the server made it as it wrote the page, the verifier in its cookie: the page is then
 *   written, and painted, for the new session);
 * - then, with the session (the exchanged one, or the one kept from before), the user's detail and, beside it, the
 *   first calls of the page the address shows (the page's app declares them, the server writes them into the page
 *   before this script: `@app/contract/first-calls`), and for a user of a company its tax account, and for a taxi
 *   company its cars (the rules of `session-loader`). Where the server answered them for this session as it wrote
 *   the page (its cookie: the answers carry the session's tag), those answers stand for the calls.
 *
 * It is inline in the host's page (the page's Content-Security-Policy names it by its hash), so that the calls go
 * out as the HTML is parsed, not a round trip later.
 *
 * It only fetches: the answers wait in `internal/early-calls-slot` for the app's own calls, which take them as the
 * network's answer (`api-client`). It stores nothing, takes nothing out of the address (the start-up does, and uses
 * the verifier up) and shows nothing; an early call that fails is made again by the app. Being first on the page, it
 * also watches the host's start-up files (`internal/start-failure`): one that fails to load is said on the screen; and
 * in a page the server painted, it keeps the taps made before the app is there for the app to make again (`painted-taps`)
 * and starts the app after that first paint (`internal/start-after-paint`).
 */
import type { FIRST_CALLS_BLOCK_ID, PageAnswer, WrittenFirstCall } from '@app/contract/first-calls';
import {
  answered,
  answersOfSession,
  carriedExchange,
  exchangeBody,
  exchangedToken,
  pageAnswers,
  publicAnswer,
  resultOf,
  storedToken,
} from './internal/carried-answers';
import { API_BASE, earlyCalls, type EarlyAnswer } from './internal/early-calls-slot';
import { startAfterPaint } from './internal/start-after-paint';
import { watchStartFailure } from './internal/start-failure';
import { keepPaintedTaps } from './painted-taps';
import { isTaxiUser, loadsCompanyData } from './roles';
import { SIGN_IN_CODE_PARAMETER } from './storage-keys';
import type { UserDetail } from '@app/contract/user';

/** The contract's block id, checked by the compiler (the contract reaches a browser as types only). */
const FIRST_CALLS_BLOCK: typeof FIRST_CALLS_BLOCK_ID = 'first-calls';

const address = new URL(window.location.href);
const code = address.searchParams.get(SIGN_IN_CODE_PARAMETER);
// The address the app sends with its calls is the one without what it carries for the session.
for (const name of [SIGN_IN_CODE_PARAMETER, 'token']) address.searchParams.delete(name);
const pageUrl = encodeURI(address.href);

function send(path: string, body: object, token: string | null): Promise<EarlyAnswer | null> {
  const text = JSON.stringify(body);
  const authorization = token ? `Bearer ${token}` : null;
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Request-Page-Url': pageUrl };
  if (authorization) headers.Authorization = authorization;
  const answer = fetch(`${API_BASE}/${path}`, { method: 'POST', headers, body: text })
    .then(async (response) => ({ status: response.status, text: await response.text() }))
    .catch(() => null);
  earlyCalls().push({ path, body: text, authorization, sentAt: performance.now(), answer });
  return answer;
}

/**
 * The session the start-up's calls go with: the one kept, or back from signing in the one the code is exchanged for,
 * by the server as it wrote the page (its answer in the page, for this very code and verifier) or asked now.
 */
async function sessionToken(before: string | null, carried: PageAnswer[]): Promise<string | null> {
  if (!code) return before;
  const body = exchangeBody(code);
  // Without the verifier the start-up fails the sign-in without asking the server; nothing is sent then.
  if (!body) return null;
  const made = carriedExchange(carried, body);
  return exchangedToken(await (made ? answered(made.path, body, before, made.answer) : send('auth/exchange', body, before)));
}

/** The page's first calls the server wrote in (none where it wrote none, or anything else). */
function pageFirstCalls(): WrittenFirstCall[] {
  try {
    const calls: unknown = JSON.parse(document.getElementById(FIRST_CALLS_BLOCK)?.textContent ?? '[]');
    if (!Array.isArray(calls)) return [];
    return calls.filter(
      (call): call is WrittenFirstCall =>
        typeof call?.path === 'string' &&
        typeof call.body === 'object' &&
        call.body !== null &&
        (call.for === undefined || call.for === 'companyUser'),
    );
  } catch {
    return [];
  }
}

async function start(): Promise<void> {
  const firstCalls = pageFirstCalls();
  const before = storedToken();
  const carried = pageAnswers();
  // The service config: from the page where the server wrote its answer, else asked now.
  const config = publicAnswer(carried, 'sysConfig/get');
  if (config) answered(config.path, config.body, before, config.answer);
  else void send('sysConfig/get', {}, before);
  const token = await sessionToken(before, carried);
  if (!token) return;
  const own = await answersOfSession(token, carried);
  // What the page carries for this session stands for the call; anything else is sent.
  const ask = (path: string, body: object) => {
    const text = JSON.stringify(body);
    const answer = own.find((item) => item.path === path && JSON.stringify(item.body) === text);
    return answer ? answered(path, body, token, answer.answer) : send(path, body, token);
  };
  const userAnswer = ask('user/getOfficialAccountLoginUserInfo', {});
  // A page the user may not open answers its first calls with a refusal nobody takes: the guard sends the user on.
  for (const call of firstCalls) if (!call.for) void ask(call.path, call.body);
  const user = resultOf<UserDetail>(await userAnswer);
  if (!user || !loadsCompanyData(user)) return;
  void ask('taxAccount/getTaxAccount', {});
  for (const call of firstCalls) if (call.for === 'companyUser') void ask(call.path, call.body);
  if (isTaxiUser(user)) void ask('taxiCar/getMyCars', {});
}

void start();
watchStartFailure();
keepPaintedTaps();
startAfterPaint();
