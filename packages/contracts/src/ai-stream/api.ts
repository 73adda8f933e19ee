import { defineEndpoints, type DocumentedError } from '../shared/endpoint.ts';
import { aiStreamApplyAnswer, aiStreamApplyBody, aiStreamReadAnswer, aiStreamReadBody } from './schemas.ts';

/** Device commands travel the device link; a device that is offline or refuses is a row of the answer, not an error. */
const ERRORS: readonly DocumentedError[] = [404];

/**
 * /api/aiStream/*: the AI-box stream settings form (spec 2 "group form"). Both run on every device
 * named, in parallel, and answer one row per device; admin every AI box, an agent its agent's (the
 * device-link scope), and any id outside it, or not an AI box, answers 404 before a device is asked.
 */
export const aiStreamApi = defineEndpoints('aiStream', {
  read: {
    method: 'POST',
    path: '/api/aiStream/read',
    access: ['admin', 'agent'],
    summary: 'Read the stream settings of AI boxes from the devices (config.get)',
    body: aiStreamReadBody,
    answer: aiStreamReadAnswer,
    errors: ERRORS,
    resource: 'device',
  },
  apply: {
    method: 'POST',
    path: '/api/aiStream/apply',
    access: ['admin', 'agent'],
    summary: 'Push stream settings to AI boxes (config.set); each device answers applied, refused or offline',
    body: aiStreamApplyBody,
    answer: aiStreamApplyAnswer,
    errors: ERRORS,
    resource: 'device',
  },
});
