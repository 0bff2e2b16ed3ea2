/** The demo marketplace passes the rules a partner typing it would meet (decision 0030). */
import { describe, expect, it } from 'vitest';
import { partnerDataBody } from '#common/contracts/partner';
import { clinicBody, roomBody } from '#common/contracts/supply';
import { isSingleLine } from '#common/contracts/text';
import { pricePerMinuteFromHourly } from '#common/money';
import { demoFacilities, demoPartners, demoPlans, demoSpecialists } from './demo-content.ts';

describe('demo content', () => {
  it('has clinics and rooms the contracts accept: names on one line, every hour at least R$ 2,00', () => {
    const problems: string[] = [];
    for (const partner of demoPartners) {
      if (!isSingleLine(partner.name)) problems.push(partner.name);
      if (!partnerDataBody.shape.legal_name.safeParse(partner.legalName).success)
        problems.push(partner.legalName);
      for (const clinic of partner.clinics) {
        const c = clinicBody.safeParse({ name: clinic.name, description: clinic.description });
        if (!c.success) problems.push(`${clinic.name}: ${c.error.issues[0]?.message}`);
        for (const room of clinic.rooms) {
          const r = roomBody.safeParse({
            name: room.name,
            description: room.description,
            price_per_minute: pricePerMinuteFromHourly(room.hourly),
          });
          if (!r.success) problems.push(`${room.name}: ${r.error.issues[0]?.message}`);
        }
      }
    }
    for (const name of [
      ...demoSpecialists.map((s) => s.name),
      ...demoFacilities,
      ...demoPlans.map((p) => p.name),
    ])
      if (!isSingleLine(name)) problems.push(name);
    expect(problems).toEqual([]);
  });
});
