/**
 * A small incremental RFC 4180 reader for the entries file, pure so the public "verify this draw"
 * panel can read a chosen file chunk by chunk in the browser with no library. The server reads
 * uploads with csv-parse; the unit tests hold both to the same canonical text.
 */
export type CsvRecord = { fields: string[]; line: number }

export class CsvReader {
  private field = ''
  private fields: string[] = []
  private inQuotes = false
  /** The last character was a closing quote inside a quoted field ("" or end of quotes). */
  private quotePending = false
  private pendingCr = false
  private line = 1
  private recordLine = 1
  private started = false
  private fieldStarted = false

  /** Feeds decoded text; returns the records completed by it. */
  push(chunk: string): CsvRecord[] {
    const out: CsvRecord[] = []
    let text = chunk
    if (!this.started) {
      this.started = true
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1)
    }
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!
      if (this.pendingCr) {
        this.pendingCr = false
        if (ch === '\n') continue
      }
      if (this.inQuotes) {
        if (this.quotePending) {
          this.quotePending = false
          if (ch === '"') {
            this.field += '"'
            continue
          }
          this.inQuotes = false
          // fall through: the character after a closing quote
        } else if (ch === '"') {
          this.quotePending = true
          continue
        } else {
          if (ch === '\n') this.line += 1
          this.field += ch
          continue
        }
      }
      if (ch === ',') {
        this.fields.push(this.field)
        this.field = ''
        this.fieldStarted = true
      } else if (ch === '\n' || ch === '\r') {
        out.push(this.finishRecord())
        this.line += 1
        this.recordLine = this.line
        if (ch === '\r') this.pendingCr = true
      } else if (ch === '"' && this.field.trim() === '') {
        this.inQuotes = true
        this.field = ''
        this.fieldStarted = true
      } else {
        this.field += ch
        this.fieldStarted = true
      }
    }
    return out
  }

  /** The last record when the text does not end with a newline. */
  end(): CsvRecord[] {
    if (this.inQuotes && !this.quotePending) throw new CsvError(`Line ${this.recordLine}: a quoted field is not closed.`, this.recordLine)
    this.inQuotes = false
    this.quotePending = false
    if (this.field === '' && this.fields.length === 0 && !this.fieldStarted) return []
    return [this.finishRecord()]
  }

  private finishRecord(): CsvRecord {
    this.fields.push(this.field)
    const record = { fields: this.fields, line: this.recordLine }
    this.fields = []
    this.field = ''
    this.fieldStarted = false
    return record
  }
}

export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message)
  }
}
