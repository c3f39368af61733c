import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { SearchFieldCopy } from '#lib/copy-search';
import { addRecentSearch, clearRecentSearches, readRecentSearches, removeRecentSearch } from '#lib/recent-searches';
import styles from './SearchField.module.css';

interface Suggestion {
  kind: 'EVENT' | 'PHOTOGRAPHER' | 'TYPE' | 'REGION';
  text: string;
}

interface Props {
  /** The keyword the page shows results for ('' for none). */
  value: string;
  inputId: string;
  placeholder: string;
  autofocus: boolean;
  texts: SearchFieldCopy;
}

const DEBOUNCE_MS = 120;

/**
 * The search page's field (issue 45): a combobox whose listbox offers suggestions as one types (event
 * titles, photographer names, types, regions; arrow keys move, Enter chooses, Escape closes), and, while
 * the field is empty and focused, the device's recent searches (each removable, all clearable) and the
 * popular ones. Choosing anything fills the field and submits the form, which the page counts.
 */
export function SearchField({ value, inputId, placeholder, autofocus, texts }: Props) {
  const [text, setText] = useState(value);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const [recent, setRecent] = useState<string[]>([]);
  const [popular, setPopular] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const listId = useId();
  const asked = useRef(0);

  useEffect(() => {
    setRecent(readRecentSearches());
    // What was typed before the island came to life stays.
    const typed = input.current?.value;
    if (typed !== undefined && typed !== value) setText(typed);
    // Focused before the island came to life (autofocus): open as a focus now would.
    if (input.current && document.activeElement === input.current) setOpen(true);
  }, [value]);

  // The form's submit (the button, Enter, or a choice): keep it as a recent search and count it.
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const onSubmit = () => {
      const keyword = input.current?.value.trim() ?? '';
      if (!keyword) return;
      setRecent(addRecentSearch(keyword));
      void fetch('/api/v1/search/popular', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ keyword }),
        keepalive: true,
      }).catch(() => undefined);
    };
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, []);

  // Suggestions for what is typed, the last answer winning.
  useEffect(() => {
    const q = text.trim();
    if (!q || q === value) {
      setItems([]);
      setActive(-1);
      return;
    }
    const n = ++asked.current;
    const timer = setTimeout(() => {
      fetch(`/api/v1/search/suggestions?${new URLSearchParams({ q })}`)
        .then((r) => (r.ok ? (r.json() as Promise<{ items: Suggestion[] }>) : { items: [] }))
        .then((answer) => {
          if (n !== asked.current) return;
          setItems(answer.items);
          setActive(-1);
        })
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  const showPanel = open && text.trim() === '';
  useEffect(() => {
    if (!showPanel || popular.length > 0) return;
    fetch('/api/v1/search/popular')
      .then((r) => (r.ok ? (r.json() as Promise<{ keywords: string[] }>) : { keywords: [] }))
      .then((answer) => setPopular(answer.keywords))
      .catch(() => undefined);
  }, [showPanel, popular.length]);

  const choose = useCallback((keyword: string) => {
    const el = input.current;
    if (!el) return;
    el.value = keyword;
    setText(keyword);
    setOpen(false);
    el.form?.requestSubmit();
  }, []);

  const expanded = open && items.length > 0 && text.trim() !== '';
  const optionId = (i: number) => `${listId}-option-${i}`;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (items.length === 0) return;
      e.preventDefault();
      setOpen(true);
      // -1 is the field itself: the list wraps through it.
      const last = items.length - 1;
      setActive((i) => (e.key === 'ArrowDown' ? (i >= last ? -1 : i + 1) : i <= -1 ? last : i - 1));
      return;
    }
    if (e.key === 'Enter' && expanded && active >= 0 && items[active]) {
      e.preventDefault();
      choose(items[active].text);
      return;
    }
    if (e.key === 'Escape' && (expanded || showPanel)) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div
      ref={root}
      className={styles.root}
      onBlur={(e) => {
        if (!root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <input
        ref={input}
        id={inputId}
        className={styles.input}
        type="search"
        name="searchKeyword"
        value={text}
        placeholder={placeholder}
        maxLength={100}
        enterKeyHint="search"
        autoComplete="off"
        autoFocus={autofocus}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label={texts.suggestions} className={styles.list} hidden={!expanded}>
        {items.map((item, i) => (
          <li
            key={`${item.kind}:${item.text}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={styles.option}
            data-kind={item.kind}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(item.text)}
          >
            <span className={styles.optionText}>{item.text}</span>
            <span className={styles.kind}>{texts.kinds[item.kind]}</span>
          </li>
        ))}
      </ul>
      <div className={styles.sr} role="status" aria-live="polite">
        {expanded ? texts.count.replace('{n}', String(items.length)) : ''}
      </div>
      {showPanel && (
        <div className={styles.panel} data-search-panel>
          <section aria-label={texts.recent}>
            <div className={styles.panelHead}>
              <h2 className={styles.panelTitle}>{texts.recent}</h2>
              {recent.length > 0 && (
                <button
                  type="button"
                  className={styles.textButton}
                  aria-label={texts.clearRecentLabel}
                  onClick={() => setRecent(clearRecentSearches())}
                >
                  {texts.clearRecent}
                </button>
              )}
            </div>
            {recent.length === 0 ? (
              <p className={styles.empty}>{texts.noRecent}</p>
            ) : (
              <ul className={styles.recent}>
                {recent.map((k) => (
                  <li key={k} className={styles.recentItem}>
                    <button type="button" className={styles.recentWord} onClick={() => choose(k)}>
                      {k}
                    </button>
                    <button
                      type="button"
                      className={styles.remove}
                      aria-label={texts.removeRecent.replace('{keyword}', k)}
                      onClick={() => {
                        setRecent(removeRecentSearch(k));
                        input.current?.focus();
                      }}
                    >
                      <span aria-hidden="true">×</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
          {popular.length > 0 && (
            <section aria-label={texts.popular}>
              <h2 className={styles.panelTitle}>{texts.popular}</h2>
              <ol className={styles.popular}>
                {popular.map((k, i) => (
                  <li key={k}>
                    <button type="button" className={styles.popularWord} onClick={() => choose(k)}>
                      <span className={styles.rank}>{i + 1}</span> {k}
                    </button>
                  </li>
                ))}
              </ol>
            </section>
          )}
        </div>
      )}
    </div>
  );
}
