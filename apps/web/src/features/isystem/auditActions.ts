/** `user.updatePasswd` -> `auditActions.user_updatePasswd` (i18next reads dots as nesting). */
export const auditActionKey = (code: string) => `auditActions.${code.replace(/\./g, '_')}`;
