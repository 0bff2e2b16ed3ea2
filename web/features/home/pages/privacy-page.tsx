import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '#web/components/use-page-title.ts';
import { usePublicConfig } from '#web/lib/public-config.ts';

const UPDATED = '2026-11-23';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} fz="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** /privacidade: the privacy notice (LGPD, Lei 13.709/2018), linked from sign-up and the profiles. */
export function PrivacyPage() {
  usePageTitle('Política de privacidade');
  const config = usePublicConfig();
  const whatsapp = config?.supportWhatsapp.replace(/\D/g, '');
  return (
    <Stack maw={820} gap="lg">
      <div>
        <Title order={1} fz="h2">
          Política de privacidade
        </Title>
        <Text size="sm" c="dark.4">
          Última atualização: {UPDATED.split('-').reverse().join('/')}
        </Text>
      </div>
      <Text>
        O Salas é um marketplace em que especialistas da saúde alugam salas de clínicas por hora. Aqui
        explicamos, em linguagem simples, quais dados pessoais tratamos, para quê, com quem os compartilhamos,
        por quanto tempo os guardamos e como você exerce os seus direitos pela Lei Geral de Proteção de Dados
        (LGPD, Lei 13.709/2018).
      </Text>

      <Part title="Quais dados tratamos">
        <List spacing={4} size="sm">
          <List.Item>
            <b>Conta:</b> nome, e-mail e senha (guardada apenas como um código irreversível).
          </List.Item>
          <List.Item>
            <b>Cadastro de especialista:</b> CPF, data de nascimento, celular, profissão, conselho
            profissional e número de registro, endereço e foto de perfil.
          </List.Item>
          <List.Item>
            <b>Parceiros:</b> razão social, CPF ou CNPJ, contatos, dados bancários e chave Pix, clínicas,
            salas e suas fotos.
          </List.Item>
          <List.Item>
            <b>Reservas e pagamentos:</b> horários reservados, valores, pagamentos e reembolsos. Do cartão
            guardamos só a bandeira, os 4 últimos dígitos, a validade e o nome do titular; o número fica com o
            provedor de pagamento.
          </List.Item>
          <List.Item>
            <b>Segurança:</b> endereço IP e navegador de cada sessão, tentativas de acesso e o registro das
            ações de operadores sobre a sua conta.
          </List.Item>
        </List>
      </Part>

      <Part title="Para que usamos e com qual base legal">
        <List spacing={4} size="sm">
          <List.Item>
            Criar e manter sua conta, fazer reservas, cobrar, reembolsar e enviar confirmações e lembretes:
            execução do contrato com você (LGPD, art. 7º, V).
          </List.Item>
          <List.Item>
            Guardar os registros de reservas, pagamentos e reembolsos exigidos pelas leis fiscais e de defesa
            do consumidor: cumprimento de obrigação legal (art. 7º, II).
          </List.Item>
          <List.Item>
            Proteger as contas, limitar tentativas de acesso e evitar fraudes: legítimo interesse (art. 7º,
            IX) e exercício regular de direitos (art. 7º, VI).
          </List.Item>
        </List>
      </Part>

      <Part title="Com quem compartilhamos">
        <Text size="sm">
          Com o provedor de pagamento (para cobrar e reembolsar), com a clínica parceira da sala que você
          reservou (seu nome e os horários), e com os serviços que hospedam o Salas e enviam nossos e-mails,
          apenas para prestar o serviço. Não vendemos seus dados nem os usamos para publicidade de terceiros.
          Guardamos a sessão no seu navegador e um cookie de segurança; não usamos cookies de publicidade.
        </Text>
      </Part>

      <Part title="Por quanto tempo guardamos">
        <Text size="sm">
          Enquanto sua conta existir. Quando você a exclui, apagamos seus dados pessoais na hora. Reservas,
          pagamentos e reembolsos continuam guardados sem o seu nome por 5 anos, o prazo das obrigações
          fiscais e de defesa do consumidor (LGPD, art. 16, I e IV). Sessões sem uso expiram em 30 dias.
        </Text>
      </Part>

      <Part title="Seus direitos (LGPD, art. 18)">
        <Text size="sm">
          Você pode confirmar que tratamos seus dados e acessá-los, corrigi-los, pedir a anonimização, o
          bloqueio ou a eliminação do que for desnecessário, levá-los a outro serviço (portabilidade), saber
          com quem os compartilhamos, revogar um consentimento e reclamar à Autoridade Nacional de Proteção de
          Dados (ANPD).
        </Text>
        <List spacing={4} size="sm">
          <List.Item>
            <b>Corrigir:</b> no seu perfil, a qualquer momento.
          </List.Item>
          <List.Item>
            <b>Acessar e levar seus dados:</b> no perfil, em “Privacidade e seus dados”, use “Baixar meus
            dados” — você recebe um arquivo .zip com tudo o que guardamos e suas fotos.
          </List.Item>
          <List.Item>
            <b>Excluir:</b> no mesmo lugar, “Excluir minha conta”. Reservas futuras são canceladas pelas
            regras de cancelamento de sempre.
          </List.Item>
        </List>
      </Part>

      <Part title="Contato">
        <Text size="sm">
          Dúvidas ou pedidos sobre seus dados: fale com o suporte do Salas
          {whatsapp ? (
            <>
              {' '}
              pelo{' '}
              <Anchor
                href={`https://wa.me/${whatsapp}`}
                target="_blank"
                rel="noopener noreferrer"
                underline="always"
              >
                WhatsApp
              </Anchor>
            </>
          ) : null}
          . Respondemos em até 15 dias. Se ainda não tem conta,{' '}
          <Anchor component={Link} to="/signup" underline="always">
            crie a sua
          </Anchor>
          .
        </Text>
      </Part>
    </Stack>
  );
}
