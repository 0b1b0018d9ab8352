/**
 * `/my/settings` (设置): 账号与安全 — 获取个人信息副本 (a sheet that makes the file) and 注销账号 (its own page, which
 * says what will happen first) — and the 隐私政策 that describes both rights.
 */
import { useState } from 'react';
import { appHref } from '@app/host-sdk/paths';
import { useNavigate } from '@app/host-sdk/router';
import { List } from '@app/ui/list';
import { Page } from '@app/ui/page';
import { DataCopySheet } from './DataCopySheet';
import './my-settings.css';

export default function MySettingsPage() {
  const navigate = useNavigate();
  const [copying, setCopying] = useState(false);
  return (
    <Page title="设置">
      <List className="my-settings__group" mode="card" header="账号与安全">
        <List.Item clickable description="您的个人信息，JSON 或 Excel 文件" onClick={() => setCopying(true)}>
          获取个人信息副本
        </List.Item>
        <List.Item clickable description="删除您的个人信息，注销后无法恢复" onClick={() => navigate(appHref('myAccountDeletion'))}>
          注销账号
        </List.Item>
      </List>
      <List className="my-settings__group" mode="card" header="关于">
        <List.Item clickable onClick={() => navigate(appHref('privacyPolicy'))}>
          隐私政策
        </List.Item>
      </List>
      <DataCopySheet visible={copying} onClose={() => setCopying(false)} />
    </Page>
  );
}
