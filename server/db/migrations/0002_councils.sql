-- Brazilian professional councils a specialist picks at registration (GET /api/health-advice).
-- Reference data, not demo data: every database has it.
INSERT INTO councils (acronym, name, profession) VALUES
  ('CRP', 'Conselho Regional de Psicologia', 'Psicólogo(a)'),
  ('CRM', 'Conselho Regional de Medicina', 'Médico(a)'),
  ('CREFITO', 'Conselho Regional de Fisioterapia e Terapia Ocupacional', 'Fisioterapeuta / Terapeuta ocupacional'),
  ('CRN', 'Conselho Regional de Nutricionistas', 'Nutricionista'),
  ('CRO', 'Conselho Regional de Odontologia', 'Cirurgião(ã)-dentista'),
  ('COREN', 'Conselho Regional de Enfermagem', 'Enfermeiro(a)'),
  ('CRFa', 'Conselho Regional de Fonoaudiologia', 'Fonoaudiólogo(a)'),
  ('CREF', 'Conselho Regional de Educação Física', 'Profissional de educação física'),
  ('CRF', 'Conselho Regional de Farmácia', 'Farmacêutico(a)'),
  ('CRBM', 'Conselho Regional de Biomedicina', 'Biomédico(a)'),
  ('CRESS', 'Conselho Regional de Serviço Social', 'Assistente social'),
  ('CRMV', 'Conselho Regional de Medicina Veterinária', 'Médico(a) veterinário(a)'),
  ('CRTR', 'Conselho Regional de Técnicos em Radiologia', 'Técnico(a) em radiologia')
ON CONFLICT (acronym) DO NOTHING;
