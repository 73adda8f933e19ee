/**
 * Social info (spec 2's "social info" section of the user settings): the handles colleagues reach a
 * user by on the messengers Chinese sites use, and a website. Every one optional. Plain constants, no
 * zod, so the console's form can check the same rules without loading the schemas.
 */
export const SOCIAL_FIELDS = ['wechat', 'qq', 'dingtalk', 'wecom', 'website'] as const;
export type SocialField = (typeof SOCIAL_FIELDS)[number];

/** A WeChat ID (微信号): 6-20 letters, digits, _ or -, starting with a letter (WeChat's own rule). */
export const WECHAT_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{5,19}$/;
/** A QQ number: 5-11 digits, never starting with 0. */
export const QQ_PATTERN = /^[1-9][0-9]{4,10}$/;
/**
 * A DingTalk ID (钉钉号) or a WeCom account (企业微信账号, the member's UserID): 1-64 letters, digits or
 * _ . @ -, starting with a letter or digit (WeCom's UserID rule, which covers DingTalk's IDs too).
 */
export const IM_ACCOUNT_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.@-]{0,63}$/;
export const IM_ACCOUNT_MAX = 64;
/** A personal or company website: an http:// or https:// address, at most this many characters. */
export const WEBSITE_MAX = 200;

/** An absolute http(s) address with a host and no spaces. */
export function isWebsite(value: string): boolean {
  if (/\s/.test(value) || !/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
