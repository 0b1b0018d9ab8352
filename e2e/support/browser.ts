/** Debian's Chromium, as a phone in WeChat: the one browser setup of the tests and the benchmarks. */
import { devices, type LaunchOptions } from '@playwright/test';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const launchOptions: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

const phone = devices['Pixel 7'];

/** A Pixel 7 running WeChat's in-app browser. */
export const wechatPhone = {
  ...phone,
  userAgent: `${phone.userAgent} MicroMessenger/8.0.50.2701(0x28003237) NetType/WIFI Language/zh_CN`,
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
};
