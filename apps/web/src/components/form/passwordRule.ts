import type { TFunction } from 'i18next';
import { passwordProblem } from '@siteops/contracts/user/password';

/**
 * Spec 5's password policy as a form rule, wherever a password is set (a password change, a recovery, a
 * new user or agent): an empty value passes (the field's `required`, if any, speaks for that); another
 * gets the policy's reason in the viewer's language.
 */
export const passwordPolicyRule = (t: TFunction) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const problem = value ? passwordProblem(value) : null;
    if (problem) throw new Error(t(problem));
  },
});
