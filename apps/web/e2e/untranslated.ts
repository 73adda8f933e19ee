import type { APIRequestContext, Page } from '@playwright/test';
import { client, type Envelope } from './support';
import { userApi } from '@siteops/contracts/user/api';
import { agentApi } from '@siteops/contracts/agent/api';
import { projectApi } from '@siteops/contracts/project/api';
import { constantApi } from '@siteops/contracts/constant/api';
import { auditApi } from '@siteops/contracts/audit/api';
import { deviceApi } from '@siteops/contracts/device/api';
import { platformApi } from '@siteops/contracts/platform/api';
import { visitorApi } from '@siteops/contracts/visitor/api';
import { certificationApi } from '@siteops/contracts/certification/api';
import { broadcastApi } from '@siteops/contracts/broadcast/api';
import { notificationApi } from '@siteops/contracts/notification/api';
import { alarmApi } from '@siteops/contracts/alarm/api';
import { labourApi } from '@siteops/contracts/labour/api';
import { announcementApi } from '@siteops/contracts/announcement/api';
import { alarmEscalationApi } from '@siteops/contracts/alarm-escalation/api';

// A page switched to English shows no Chinese: not in the chrome (menu, tabs, breadcrumb, toolbars, table
// headers, placeholders, labels) and not in the content, apart from data. Data means values the server
// stores (names people typed), which are never translated; they are looked up through the list APIs so
// only stored values are let through. pages.spec.ts checks every page of the English walk with this.

/** Han characters, CJK punctuation and full-width forms (a "：" or "，" left behind counts too). */
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

/** Every string containing CJK in the lists the admin can read: stored data, allowed to stay as typed. */
export async function storedCjkStrings(request: APIRequestContext, token: string): Promise<string[]> {
  const lists = [
    userApi.listAll,
    agentApi.listAll,
    projectApi.listAll,
    constantApi.listAll,
    auditApi.listAll,
    deviceApi.listAll,
    platformApi.listAll,
    visitorApi.listAll,
    visitorApi.listDevices,
    visitorApi.passes,
    certificationApi.reviewList,
    broadcastApi.listAll,
    notificationApi.listAll,
    // Rule names (the built-in offline rule's is stored in both languages) and the alarms that name them.
    alarmApi.ruleListAll,
    alarmApi.listAll,
    labourApi.listAll,
    // Announcements (titles) and the escalation channels and chains (names) specs store in Chinese.
    announcementApi.listAll,
    alarmEscalationApi.channelListAll,
    alarmEscalationApi.chainListAll,
  ];
  const found = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      if (CJK.test(value)) found.add(value);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  for (const endpoint of lists) {
    const response = await client(request).unchecked(endpoint, { pageSize: 200 }, token);
    if (response.status < 200 || response.status > 299) continue;
    walk((response.body as Envelope<unknown>).data);
  }
  // Longest first, so a value is removed before a shorter one inside it.
  return [...found].sort((a, b) => b.length - a.length);
}

/** Visible text nodes and user-facing attributes of the page (hidden keep-alive tabs excluded). */
export async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (text && parent && parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) {
        out.push(text);
      }
    }
    for (const el of document.body.querySelectorAll('[placeholder], [title], [aria-label]')) {
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      for (const attr of ['placeholder', 'title', 'aria-label']) {
        const value = el.getAttribute(attr)?.trim();
        if (value) out.push(value);
      }
    }
    return out;
  });
}

export function untranslated(texts: string[], data: string[]): string[] {
  const left = new Set<string>();
  for (const text of texts) {
    let rest = text;
    for (const value of data) rest = rest.split(value).join('');
    if (CJK.test(rest)) left.add(text);
  }
  return [...left];
}
