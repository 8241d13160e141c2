/** @jsxImportSource react */
import { Body, Button, Container, Head, Heading, Hr, Html, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';

/**
 * One layout for every message, in the site's colours (web/app/app.css: ink, cream, gold), one column
 * that reads on a 375 px phone: a dark band with the brand, the heading, the paragraphs, a table of
 * details, the buttons and the footer. Rendered to HTML and to plain text from the same component.
 */
export interface MailView {
  brand: string;
  preview: string;
  heading: string;
  paragraphs: string[];
  detailsHeading?: string;
  details: { label: string; value: string }[];
  buttons: { label: string; href: string }[];
  notes: string[];
  footer: string;
}

const colors = {
  ink: '#121110',
  charcoal: '#1c1a18',
  cream: '#f7f1e6',
  sand: '#d9cbb3',
  gold: '#e0a83a',
  text: '#2a2724',
};
const font = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const display = "'Fraunces', Georgia, 'Times New Roman', serif";

export function MailMessage({ view }: { view: MailView }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{view.preview}</Preview>
      <Body
        style={{ margin: 0, padding: '16px 0', backgroundColor: colors.sand, fontFamily: font, color: colors.text }}
      >
        <Container
          style={{
            maxWidth: '560px',
            width: '100%',
            backgroundColor: colors.cream,
            borderRadius: '8px',
            overflow: 'hidden',
          }}
        >
          <Section style={{ backgroundColor: colors.ink, padding: '18px 24px' }}>
            <Text
              style={{
                margin: 0,
                color: colors.gold,
                fontFamily: display,
                fontSize: '22px',
                fontWeight: 600,
                lineHeight: '28px',
              }}
            >
              {view.brand}
            </Text>
          </Section>
          <Section style={{ padding: '8px 24px 4px' }}>
            <Heading
              as="h1"
              style={{
                fontFamily: display,
                fontSize: '24px',
                lineHeight: '30px',
                color: colors.ink,
                margin: '16px 0 8px',
              }}
            >
              {view.heading}
            </Heading>
            {view.paragraphs.map((p, i) => (
              <Text key={i} style={{ fontSize: '16px', lineHeight: '24px', margin: '0 0 12px' }}>
                {p}
              </Text>
            ))}
          </Section>
          {view.details.length > 0 && (
            <Section style={{ padding: '0 24px' }}>
              {view.detailsHeading && (
                <Heading
                  as="h2"
                  style={{
                    fontSize: '13px',
                    letterSpacing: '0.08em',
                    textTransform: 'uppercase',
                    color: '#7a6a4f',
                    margin: '12px 0 4px',
                  }}
                >
                  {view.detailsHeading}
                </Heading>
              )}
              {view.details.map((d, i) => (
                <Text
                  key={i}
                  style={{
                    fontSize: '15px',
                    lineHeight: '22px',
                    margin: '0',
                    padding: '6px 0',
                    borderBottom: `1px solid ${colors.sand}`,
                    whiteSpace: 'pre-line',
                  }}
                >
                  <strong style={{ color: colors.ink }}>{d.label}:</strong> {d.value}
                </Text>
              ))}
            </Section>
          )}
          {view.buttons.length > 0 && (
            <Section style={{ padding: '16px 24px 4px' }}>
              {/* One block per button: the text part then has each link on its own line (a block
                  boundary is a line break there; two links side by side ran together). */}
              {view.buttons.map((b, i) => (
                <div key={i}>
                  <Button
                    href={b.href}
                    style={{
                      display: 'block',
                      backgroundColor: i === 0 ? colors.gold : colors.ink,
                      color: i === 0 ? colors.ink : colors.cream,
                      fontWeight: 700,
                      fontSize: '16px',
                      textAlign: 'center',
                      borderRadius: '6px',
                      padding: '12px 16px',
                      margin: '0 0 10px',
                    }}
                  >
                    {b.label}
                  </Button>
                </div>
              ))}
            </Section>
          )}
          {view.notes.map((n, i) => (
            <Section key={i} style={{ padding: '0 24px' }}>
              <Text style={{ fontSize: '14px', lineHeight: '20px', color: '#5c5247', margin: '8px 0' }}>{n}</Text>
            </Section>
          ))}
          <Section style={{ padding: '8px 24px 16px' }}>
            <Hr style={{ borderColor: colors.sand, margin: '8px 0' }} />
            <Text style={{ fontSize: '12px', lineHeight: '18px', color: '#7a6a4f', margin: 0 }}>{view.footer}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export async function renderMail(view: MailView): Promise<{ html: string; text: string }> {
  const element = <MailMessage view={view} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
