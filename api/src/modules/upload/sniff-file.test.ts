import { describe, expect, it } from 'vitest'
import { sanitiseFileName, sniffFile } from './sniff-file'

const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n')
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2d4b0a00000000049454e44ae426082',
  'hex',
)
const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)])
const windowsExe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)])

describe('sniffFile', () => {
  it('accepts a PDF and an image by their bytes', async () => {
    expect(await sniffFile(pdf, 'terms.pdf')).toMatchObject({ ok: true, extension: 'pdf' })
    expect(await sniffFile(png, 'logo.png')).toMatchObject({ ok: true, extension: 'png' })
  })

  it('uses the content, not the name', async () => {
    expect(await sniffFile(pdf, 'renamed.txt')).toMatchObject({ ok: true, extension: 'pdf' })
  })

  it('refuses a renamed executable whatever it is called', async () => {
    for (const name of ['terms.pdf', 'list.csv', 'notes.txt', 'form.docx']) {
      expect((await sniffFile(elf, name)).ok, name).toBe(false)
      expect((await sniffFile(windowsExe, name)).ok, name).toBe(false)
    }
  })

  it('accepts CSV and text only when they are text', async () => {
    expect(await sniffFile(Buffer.from('name,email\nAnna,anna@example.com\n'), 'entries.csv')).toMatchObject({ ok: true, extension: 'csv' })
    expect((await sniffFile(Buffer.from([0x01, 0x02, 0x03, 0x41]), 'entries.csv')).ok).toBe(false)
    expect((await sniffFile(Buffer.from('plain words'), 'script.sh')).ok).toBe(false)
  })
})

describe('sanitiseFileName', () => {
  it.each([
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\me\\Terms "final".pdf', 'Terms final.pdf'],
    ['.hidden', 'hidden'],
    ['', 'file'],
    ['a\u0000b.pdf', 'ab.pdf'],
  ])('%s → %s', (input, expected) => expect(sanitiseFileName(input)).toBe(expected))
})
