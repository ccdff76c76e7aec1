/**
 * The popup of what the visitor picked on the map: one alert, or the alerts at one spot, each
 * with its actions. It opens clear of the map's controls, its text scrolls inside the room left
 * with the actions always in view (for a dangerous animal, its call, the rest after the text),
 * and it stays put (the same element, no new fade-in) while the map's data refreshes around it.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Popup as LeafletPopup, PopupOptions } from 'leaflet';
import { Popup, useMap } from 'react-leaflet';
import type { Alert } from '@wildalert/shared';
import { AlertPopup } from '../../../../components/alert-popup.tsx';
import { AlertVotes } from '../../../../components/alert-votes.tsx';
import { LazyFollowReport } from '../../../../components/lazy-follow-report.tsx';
import { callsForHelp, LazyWhatToDo } from '../../../../components/lazy-what-to-do.tsx';
import { t } from '../../../../i18n/i18n.ts';
import { useEmbedded } from '../../../../lib/embedded.ts';
import type { Selection } from '../../hooks/use-selection.ts';
import { ReportAbuse } from '../report-abuse.tsx';
import { ShareAlert } from '../share-alert.tsx';
import { controlBoxes, watchControls } from './controls-over-map.ts';
import { popupRoom } from './popup-room.ts';

interface SelectionPopupProps {
  selection: Selection;
  /** Alerts as the live stream last told of them (a photo, votes, an official status): the popup shows them as they are now. */
  changed: ReadonlyMap<string, Alert>;
  onClose(s: Selection): void;
  onNote(message: string): void;
  /** The alert the visitor has just sent, if any: its popup opens with the advice for it unfolded. */
  createdId?: string | undefined;
}

/** What the popup's frame takes around its content (map.css): content margins and the close button's column, Leaflet's border and tip. */
const FRAME_X = 16 + 40 + 2;
const FRAME_Y = 14 + 14 + 2 + 20;
/** The content's widest, as .wa-popup's max-width. */
const CONTENT_MAX_WIDTH = 280;
const CONTENT_MIN_WIDTH = 180;
/** The part of the marker below the popup's tip (its offset): kept in view too. */
const MARKER_BELOW = 34;
/** A room this tall shows the title, a few lines of text and the actions (votes, share, report) together. */
const TALL_ENOUGH = 320;
/**
 * The least the popup's content gets, however little room the controls leave (a 320 × 640 phone
 * under a notice's chip): the actions (~130 px) and four lines of text. Less left the text no
 * room at all; the map pans, and the popup may cover a round button, rather than hide the alert.
 */
const LEAST_CONTENT = 240;

export function SelectionPopup({ selection: picked, changed, onClose, onNote, createdId }: SelectionPopupProps) {
  const selection = useLatest(picked, changed);
  const map = useMap();
  const popup = useRef<LeafletPopup>(null);
  const [latitude, longitude] =
    selection.kind === 'alert' ? [selection.alert.latitude, selection.alert.longitude] : [selection.latitude, selection.longitude];
  // A new array would make react-leaflet close and reopen the popup (a fade-in each time):
  // a new one only when the place changes.
  const position = useMemo<[number, number]>(() => [latitude, longitude], [latitude, longitude]);

  // Before the popup opens at a place: the room it has, from the controls where they are now.
  useLayoutEffect(() => {
    if (popup.current) fitRoom(map.getContainer(), popup.current.options);
  }, [map, position]);

  // Laid out again in the room the controls leave now, and panned into it; not while the list
  // covers the map (inert), which must not move behind it. Not again from within: Leaflet ends
  // a pan of less than half a pixel (rounded to none) with a `moveend` at once.
  const fitting = useRef(false);
  const relayout = useCallback(() => {
    if (!popup.current || fitting.current || map.getContainer().closest('[inert]')) return;
    fitting.current = true;
    try {
      fitRoom(map.getContainer(), popup.current.options);
      popup.current.update();
    } finally {
      fitting.current = false;
    }
  }, [map]);

  // Until the visitor moves the map, the popup keeps clear of the controls: again when the map
  // comes to rest after a move of the app's (a link's alert opens while the map still zooms to it,
  // and Leaflet's autopan, measured mid-zoom, falls short), and when a control appears later (the
  // buttons loaded after the first markers). The visitor's own moves are theirs: not undone.
  useEffect(() => {
    const container = map.getContainer();
    let theirs = false;
    const takeOver = (e: Event) => {
      if (!popup.current?.getElement()?.contains(e.target as Node)) theirs = true;
    };
    const refit = () => {
      if (!theirs) relayout();
    };
    const events = ['pointerdown', 'wheel', 'keydown'] as const;
    events.forEach((name) => container.addEventListener(name, takeOver, true));
    map.on('moveend', refit);
    const stop = watchControls(container, refit);
    return () => {
      events.forEach((name) => container.removeEventListener(name, takeOver, true));
      map.off('moveend', refit);
      stop();
    };
  }, [map, position, relayout]);

  const close = useRef(onClose);
  useLayoutEffect(() => {
    close.current = onClose;
  });
  // Closing ends the selection as it was picked (useSelection knows that one).
  const handlers = useMemo(() => ({ remove: () => close.current(picked) }), [picked]);

  // New content makes react-leaflet lay the popup out again and pan to it: only when the
  // selection itself changes, not on every render of the map.
  const content = useMemo(
    () =>
      selection.kind === 'alert' ? (
        <PopupBody onResize={relayout}>
          {callsForHelp(selection.alert) ? (
            // A dangerous animal: its call stays in view under the sighting, the other actions follow the text.
            <>
              <Scroller>
                <AlertPopup
                  alert={selection.alert}
                  justSent={selection.alert.id === createdId}
                  reporter={<FollowReport alertId={selection.alert.id} />}
                  actions={<AlertActions alert={selection.alert} onNote={onNote} />}
                />
              </Scroller>
              <LazyWhatToDo alert={selection.alert} call />
            </>
          ) : (
            <>
              <Scroller>
                <AlertPopup alert={selection.alert} justSent={selection.alert.id === createdId} reporter={<FollowReport alertId={selection.alert.id} />} />
              </Scroller>
              <AlertActions alert={selection.alert} onNote={onNote} />
            </>
          )}
        </PopupBody>
      ) : (
        <PopupBody onResize={relayout}>
          <Scroller>
            {/* Another spot starts at its first page. */}
            <SpotList key={`${selection.latitude},${selection.longitude}`} alerts={selection.alerts} onNote={onNote} />
          </Scroller>
        </PopupBody>
      ),
    [selection, onNote, relayout, createdId],
  );

  return (
    <Popup ref={popup} position={position} offset={[1, -34]} eventHandlers={handlers}>
      {content}
    </Popup>
  );
}

/** The room the controls over the map leave for the popup, as its autopan padding, widths and the text's height. */
function fitRoom(container: HTMLElement, options: PopupOptions) {
  const room = popupRoom(container.clientWidth, container.clientHeight - MARKER_BELOW, controlBoxes(container), {
    width: CONTENT_MAX_WIDTH + FRAME_X,
    // Too low for its text beside the actions (a phone, the round buttons below): narrower and taller.
    height: TALL_ENOUGH,
    narrowest: CONTENT_MIN_WIDTH + FRAME_X,
  });
  options.autoPanPaddingTopLeft = room.topLeft;
  options.autoPanPaddingBottomRight = [room.bottomRight[0], room.bottomRight[1] + MARKER_BELOW];
  options.maxWidth = Math.max(CONTENT_MIN_WIDTH, Math.min(CONTENT_MAX_WIDTH, room.width - FRAME_X));
  options.minWidth = Math.min(CONTENT_MIN_WIDTH, options.maxWidth);
  container.style.setProperty('--wa-popup-room', `${Math.max(LEAST_CONTENT, room.height - FRAME_Y)}px`);
}

/**
 * The popup's content. `onResize`: its height changed after it was drawn (a part that arrives
 * later: "what to do", the votes' counts, the past note), so the popup is laid out and panned again.
 */
function PopupBody({ children, onResize }: { children: ReactNode; onResize: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const resized = useRef(onResize);
  useLayoutEffect(() => {
    resized.current = onResize;
  });
  useEffect(() => {
    const el = ref.current!;
    let height = el.offsetHeight;
    const observer = new ResizeObserver(() => {
      // 0: the map was hidden (the list shown), which must not move it.
      if (el.offsetHeight === 0 || el.offsetHeight === height) return;
      height = el.offsetHeight;
      resized.current();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="wa-popup-body">
      {children}
    </div>
  );
}

/** The popup's text, scrolling within the room; reachable by keyboard when it does scroll. */
function Scroller({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current!;
    const measure = () => setScrolls(el.scrollHeight > el.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="wa-popup-scroll" tabIndex={scrolls ? 0 : undefined}>
      {children}
    </div>
  );
}

/** The selection with its alerts as the live stream last told of them; the same object while none changed. */
function useLatest(selection: Selection, changed: ReadonlyMap<string, Alert>): Selection {
  return useMemo(() => {
    if (selection.kind === 'alert') {
      const latest = changed.get(selection.alert.id);
      return latest && latest !== selection.alert ? { kind: 'alert', alert: latest } : selection;
    }
    return selection.alerts.some((a) => changed.has(a.id)) ? { ...selection, alerts: selection.alerts.map((a) => changed.get(a.id) ?? a) } : selection;
  }, [selection, changed]);
}

/** Alerts listed at a time at one spot; the visitor asks for the next ones. */
const SPOT_PAGE = 20;

/** The alerts at one spot (zooming cannot split them): all counted, listed SPOT_PAGE at a time. */
function SpotList({ alerts, onNote }: { alerts: readonly Alert[]; onNote(message: string): void }) {
  const [shown, setShown] = useState(SPOT_PAGE);
  // The first alert "Pokaż kolejne" revealed takes the focus: the list goes on from there,
  // for the keyboard and the screen reader too.
  const [revealed, setRevealed] = useState<number>();
  const firstRevealed = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const item = firstRevealed.current;
    // The popup's scroller (or the list itself when none) is what scrolls.
    const scroller = list.current?.closest<HTMLElement>('.wa-popup-scroll') ?? list.current;
    if (!item || !scroller) return;
    // Scrolled by hand, below, within the popup only (focus() would scroll the page as well).
    item.focus({ preventScroll: true });
    // A little below the top, for its focus outline.
    scroller.scrollTop += item.getBoundingClientRect().top - scroller.getBoundingClientRect().top - 4;
  }, [revealed]);
  return (
    <div className="wa-spot-list" ref={list}>
      <p>{t('map.sameSpot', { count: alerts.length })}</p>
      {alerts.slice(0, shown).map((alert, i) => (
        <div key={alert.id} {...(i === revealed ? { ref: firstRevealed, tabIndex: -1 } : {})}>
          {i > 0 && <hr />}
          <AlertPopup
            alert={alert}
            reporter={<FollowReport alertId={alert.id} />}
            actions={
              <>
                <LazyWhatToDo alert={alert} call />
                <AlertActions alert={alert} onNote={onNote} />
              </>
            }
          />
        </div>
      ))}
      {shown < alerts.length && (
        <div className="wa-spot-more">
          <p>{t('map.sameSpotShown', { shown, count: alerts.length })}</p>
          <button
            type="button"
            onClick={(e) => {
              // The last page removes this button before the click reaches the map, which then
              // cannot tell that it came from inside the popup, and would close it.
              e.stopPropagation();
              setRevealed(shown);
              setShown(shown + SPOT_PAGE);
            }}
          >
            {t('map.sameSpotMore')}
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * "Obserwuj zgłoszenie" under the status of an alert this device reported, after its sighting
 * (which scrolls; the actions below stay in view); not on the embedded map, which is read-only.
 */
function FollowReport({ alertId }: { alertId: string }) {
  if (useEmbedded()) return null;
  return <LazyFollowReport alertId={alertId} />;
}

function AlertActions({ alert, onNote }: { alert: Alert; onNote(message: string): void }) {
  // The embedded map is read-only.
  if (useEmbedded()) return null;
  return (
    <div className="wa-popup-actions">
      <AlertVotes alert={alert} />
      <ShareAlert alert={alert} onNote={onNote} />
      <ReportAbuse alertId={alert.id} />
    </div>
  );
}
