import { Link, useLoaderData } from "@remix-run/react";
import { formatDate } from "#common/format";
import type { loader } from "#app/routes/_app.company_.$id";
import { FormAlert } from "../form/field";
import { ActivitySections } from "./activity-sections";
import { BankDetailsForm, BrandingForm, BrokerDataForm, CommunicationForm } from "./company-forms";
import { useClientForm } from "./client-form";
import { LinesPanel } from "./lines";
import { LinkForm, LinksTable } from "./links";
import { DetailList, Section, Tabs } from "./tabs";
import { Icon } from "../ui/icon";

/**
 * The company's page below its header: the tabs, the details with the linked individuals and their forms, bank
 * and broker data, branding, lines, and the tasks, notes and e-mails. An island (`island` in app/lib/island.ts):
 * the server renders it in full, the browser hydrates it once its chunk has arrived, after the page's first-load
 * JavaScript; until then its links and forms work as they do without JavaScript.
 */
export function CompanySections() {
  const {
    company: c,
    tab,
    tabs,
    page,
    words,
    can,
    channels,
    jobTitles,
    individualChoices,
    individualSearch,
    lines,
    tasks,
    notes,
    emails,
    calls,
  } = useLoaderData<typeof loader>();
  const path = `/company/${c.id}`;
  const labels: Record<(typeof tabs)[number], string> = {
    details: "Details",
    bank: "Bank and broker",
    branding: "Branding",
    lines: "Lines",
    tasks: words.Tasks,
    notes: "Notes",
    emails: "E-mails",
    calls: "Calls",
  };
  // A note's Delete (a button of its own) and a form of no known intent say why on top of the page.
  const top = [useClientForm("note-delete"), useClientForm("")].map((s) => s.message).find(Boolean);
  const recipient = c.email ?? c.primary_contact?.email ?? null;
  return (
    <>
      <FormAlert messages={top ? [top] : null} />
      <Tabs pathname={path} current={tab} tabs={tabs.map((t) => ({ key: t, label: labels[t] }))} />

      {tab === "details" ? (
        <>
          <Section title="Details" id="company-details">
            <DetailList
              items={[
                ["Type", c.type?.name],
                ["Employee size", c.employee_size?.name],
                ["Industry", c.industry?.name],
                ["Trade", c.trade?.name],
                ["Companies House number", c.registration_number],
                [
                  "Website",
                  c.website ? (
                    <a href={c.website} target="_blank" rel="noreferrer noopener" className="text-brand hover:underline">
                      {c.website}
                    </a>
                  ) : null,
                ],
                [
                  "E-mail",
                  c.email ? (
                    <a href={`mailto:${c.email}`} className="text-brand hover:underline">
                      {c.email}
                    </a>
                  ) : null,
                ],
                ["Telephone", c.telephone],
                ["Address", [c.address_line_1, c.address_line_2, c.town, c.county, c.postcode].filter(Boolean).join(", ")],
                ["Looked after by", c.owner?.name],
                ["Created", formatDate(c.created_at)],
              ]}
            />
          </Section>
          <Section title={`${words.Individuals} (${c.individuals.length})`} id="company-individuals">
            <LinksTable
              links={c.individuals}
              show="individual"
              jobTitles={jobTitles}
              canManage={can.manage}
              unlinkHref={(l) => `${path}/unlink/${l.individual_id}`}
              emptyText={`No ${words.individuals} linked yet.`}
            />
            {can.link ? (
              <LinkForm
                choose="individual"
                label={`Link ${words.individual === "individual" ? "an individual" : `an ${words.individual}`}`}
                optionsUrl={`/resources/client-individuals?notLinkedTo=${c.id}`}
                itemUrl="/resources/client-individuals"
                initialOptions={individualChoices}
                searchParam="individualSearch"
                searchValue={individualSearch}
                jobTitles={jobTitles}
                resetKey={c.individuals.map((l) => l.individual_id).join(",")}
              />
            ) : null}
          </Section>
        </>
      ) : null}

      {tab === "bank" ? (
        <>
          <Section title="Bank account details" id="company-bank">
            <BankDetailsForm company={c} canManage={can.manage} />
          </Section>
          <Section title="Broker data" id="company-broker">
            <BrokerDataForm company={c} canManage={can.manage} />
          </Section>
          <Section title="Communication details" id="company-communication">
            <CommunicationForm company={c} channels={channels} canManage={can.manage} />
          </Section>
        </>
      ) : null}

      {tab === "branding" ? (
        <Section title="Branding" id="company-branding">
          <BrandingForm key={c.updated_at} company={c} canManage={can.manage} />
        </Section>
      ) : null}

      {tab === "lines" && lines ? (
        <Section
          title="Lines of business"
          id="company-lines"
          actions={
            can.manage ? (
              <Link to={`${path}/lines/new?tab=lines`} className="btn-primary" preventScrollReset>
                <Icon name="plus" />
                Add line
              </Link>
            ) : null
          }
        >
          <LinesPanel summary={lines} basePath={path} canManage={can.manage} />
        </Section>
      ) : null}

      <ActivitySections
        kind="company"
        name={c.name}
        tab={tab}
        path={path}
        page={page}
        words={words}
        canManage={can.manage}
        addTaskHref={can.addTask ? `/tasks/new?company_id=${c.id}` : null}
        tasks={tasks}
        notes={notes}
        emails={emails}
        calls={calls}
        recipient={recipient}
        askAddress
      />
    </>
  );
}
