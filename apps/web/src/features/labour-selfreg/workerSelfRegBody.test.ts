import { describe, expect, it } from 'vitest';
import { workerSelfRegBody } from './workerSelfRegBody';

describe('the worker self-registration body', () => {
  const base = {
    realName: ' Zhang San ',
    idType: 'mainland' as const,
    idNo: '11010119900101 001x',
    phone: '139 0013 9000',
    gender: 'female' as const,
    birthDate: '1980-01-01',
    trade: 'welder' as const,
    photo: 'f0f0f0f0-0000-4000-8000-000000000000',
    emergencyContact: '  ',
  };

  it('sends a mainland number compact and uppercased, without gender and birth date (the server reads them)', () => {
    expect(workerSelfRegBody('tok', base)).toEqual({
      token: 'tok',
      realName: 'Zhang San',
      idType: 'mainland',
      idNo: '11010119900101001X',
      phone: '139 0013 9000',
      gender: undefined,
      birthDate: undefined,
      trade: 'welder',
      teamId: undefined,
      photo: base.photo,
      emergencyContact: undefined,
      emergencyPhone: undefined,
    });
  });

  it('keeps gender and birth date for another document, and the team chosen', () => {
    const body = workerSelfRegBody('tok', { ...base, idType: 'passport', idNo: ' E1234567 ', teamId: 7 });
    expect(body).toMatchObject({ idNo: 'E1234567', gender: 'female', birthDate: '1980-01-01', teamId: 7 });
  });
});
