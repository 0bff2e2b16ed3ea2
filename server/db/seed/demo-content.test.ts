/** The demo marketplace passes the rules a partner typing it would meet (decision 0030). */
import { describe, expect, it } from 'vitest';
import { partnerDataBody } from '#common/contracts/partner';
import { clinicBody, roomBody } from '#common/contracts/supply';
import { isSingleLine } from '#common/contracts/text';
import { distanceKm } from '#common/domain/geo';
import { pricePerMinuteFromHourly } from '#common/money';
import { demoFacilities, demoPartners, demoPlans, demoSpecialists } from './demo-content.ts';
import { demoNetwork } from './demo-network.ts';

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

  it('places every clinic in Brazil, near its city’s other clinics and far from other cities', () => {
    const clinics = [...demoPartners, ...demoNetwork].flatMap((p) => p.clinics);
    for (const c of clinics) {
      // Brazil's extremes: Monte Caburaí to Arroio Chuí, Ponta do Seixas to the Serra da Contamana.
      expect(c.location.lat, c.name).toBeGreaterThan(-33.8);
      expect(c.location.lat, c.name).toBeLessThan(5.3);
      expect(c.location.lng, c.name).toBeGreaterThan(-74);
      expect(c.location.lng, c.name).toBeLessThan(-34.7);
    }
    for (const a of clinics)
      for (const b of clinics) {
        if (a === b) continue;
        const km = distanceKm(a.location, b.location);
        if (a.address.city === b.address.city) expect(km, `${a.name} – ${b.name}`).toBeLessThan(15);
        else expect(km, `${a.name} – ${b.name}`).toBeGreaterThan(50);
      }
  });
});
