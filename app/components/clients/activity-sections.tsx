import { Link } from "@remix-run/react";
import type { PhoneCall } from "#contract/calls";
import type { EmailMessage, Note } from "#contract/clients";
import type { Task } from "#contract/tasks";
import { CallsPanel } from "../calls/calls-panel";
import { EmailsPanel } from "./emails-panel";
import { NotesPanel } from "./notes-panel";
import { MiniPager, Section } from "./tabs";
import { TasksPanel } from "./tasks-panel";

interface Paged<T> {
  data: T[];
  meta: { last_page: number; total: number };
}

export interface ActivitySectionsProps {
  /** The record's kind, which names the sections' anchors (company-tasks, individual-notes …). */
  kind: "company" | "individual";
  /** The record's name, in the empty tasks text. */
  name: string;
  tab: string;
  path: string;
  page: number;
  words: { Tasks: string; tasks: string; task: string };
  /** The new-task drawer for this record (task_manage), or null. */
  addTaskHref: string | null;
  canManage: boolean;
  tasks: Paged<Task> | null;
  notes: Paged<Note> | null;
  emails: Paged<EmailMessage> | null;
  /** The record's call log (the calls tab), or null on other tabs. */
  calls?: Paged<PhoneCall> | null;
  /** Where an e-mail goes ('To: …'); null without an address. */
  recipient: string | null;
  /** Companies may name another address. */
  askAddress?: boolean;
}

/** The tasks, notes and e-mails tabs of an individual's or a company's page, each with its pager. */
export function ActivitySections({
  kind,
  name,
  tab,
  path,
  page,
  words,
  canManage,
  addTaskHref,
  tasks,
  notes,
  emails,
  calls,
  recipient,
  askAddress,
}: ActivitySectionsProps) {
  return (
    <>
      {tab === "calls" && calls ? (
        <Section title="Calls" id={`${kind}-calls`}>
          <CallsPanel calls={calls.data} emptyText={`No calls to ${name} yet.`} />
          <MiniPager pathname={path} tab="calls" page={page} lastPage={calls.meta.last_page} total={calls.meta.total} noun="calls" />
        </Section>
      ) : null}

      {tab === "tasks" && tasks ? (
        <Section title={words.Tasks} id={`${kind}-tasks`}>
          {addTaskHref ? (
            <p className="mb-3">
              <Link to={addTaskHref} className="btn-secondary" data-add-task>
                Add {words.task}
              </Link>
            </p>
          ) : null}
          <TasksPanel tasks={tasks.data} emptyText={`No ${words.tasks} for ${name} yet.`} />
          <MiniPager pathname={path} tab="tasks" page={page} lastPage={tasks.meta.last_page} total={tasks.meta.total} noun={words.tasks} />
        </Section>
      ) : null}

      {tab === "notes" && notes ? (
        <Section title="Notes" id={`${kind}-notes`}>
          <NotesPanel notes={notes.data} canAdd={canManage} resetKey={notes.meta.total} />
          <MiniPager pathname={path} tab="notes" page={page} lastPage={notes.meta.last_page} total={notes.meta.total} noun="notes" />
        </Section>
      ) : null}

      {tab === "emails" && emails ? (
        <Section title="E-mails" id={`${kind}-emails`}>
          <EmailsPanel messages={emails.data} canSend={canManage} resetKey={emails.meta.total} recipient={recipient} askAddress={askAddress} />
          <MiniPager pathname={path} tab="emails" page={page} lastPage={emails.meta.last_page} total={emails.meta.total} noun="e-mails" />
        </Section>
      ) : null}
    </>
  );
}
