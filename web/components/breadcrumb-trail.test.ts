import { describe, expect, it } from 'vitest';
import { breadcrumbTrail, sectionOf } from './breadcrumb-trail.ts';

describe('breadcrumbTrail (SPEC §2)', () => {
  it('hides the section segments and shows no trail for a single segment', () => {
    expect(breadcrumbTrail('/admin/gestao/especialistas', {})).toEqual([]);
    expect(breadcrumbTrail('/parceiro/gestao/clinicas', {})).toEqual([]);
  });

  it('names a loaded entity by its uuid, capitalises the rest, marks the last active', () => {
    const uuid = '3f1c2b9e-8a47-4d2b-9a51-0c7e5d1f2a33';
    expect(breadcrumbTrail(`/parceiro/gestao/clinicas/${uuid}`, { [uuid]: 'Espaço Vida Plena' })).toEqual([
      { label: 'Clínicas', to: '/parceiro/gestao/clinicas', active: false },
      { label: 'Espaço Vida Plena', to: `/parceiro/gestao/clinicas/${uuid}`, active: true },
    ]);
    expect(breadcrumbTrail('/parceiro/configuracoes/dados-bancarios', {})).toEqual([
      { label: 'Configurações', to: '/parceiro/configuracoes', active: false },
      { label: 'Dados bancários', to: '/parceiro/configuracoes/dados-bancarios', active: true },
    ]);
  });

  it('takes accented labels from the menus, the raw segment capitalised otherwise', () => {
    const labels = (path: string) => breadcrumbTrail(path, {}).map((c) => c.label);
    expect(labels('/parceiro/configuracoes/dados-parceiro')).toEqual(['Configurações', 'Dados do parceiro']);
    expect(labels('/parceiro/gestao/clinicas/nova')).toEqual(['Clínicas', 'Nova']);
    expect(labels('/admin/gestao/diferenciais/abc')).toEqual(['Diferenciais', 'Abc']);
    expect(labels('/especialista/agendamentos/xyz')).toEqual(['Meus agendamentos', 'Xyz']);
  });

  it('shows an unknown uuid as raw text', () => {
    const trail = breadcrumbTrail('/admin/gestao/especialistas/abc-123', {});
    expect(trail.map((c) => c.label)).toEqual(['Especialistas', 'Abc 123']);
  });

  it('maps roles to sections, a missing user to admin', () => {
    expect(sectionOf('owner')).toBe('admin');
    expect(sectionOf('admin')).toBe('admin');
    expect(sectionOf('partner')).toBe('parceiro');
    expect(sectionOf('customer')).toBe('especialista');
    expect(sectionOf(null)).toBe('admin');
  });
});

describe('city pages', () => {
  it('have no trail (a page of their own, like a room’s), and "Salas" of the specialist keeps its crumb', () => {
    expect(breadcrumbTrail('/salas/sao-paulo', {})).toEqual([]);
    const uuid = '3f1c2a4e-0000-4000-8000-000000000000';
    expect(breadcrumbTrail(`/parceiro/gestao/salas/${uuid}`, { [uuid]: 'Sala Azul' })[0]?.label).toBe(
      'Salas',
    );
  });
});
