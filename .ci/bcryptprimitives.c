/* Test-only stand-in for Windows' bcryptprimitives.dll, which Debian's Wine 8 lacks.
 *
 * Rust's standard library for Windows imports ProcessPrng from it to seed HashMap keys and
 * other random numbers; without the DLL such a binary does not start under Wine. This stub
 * exports ProcessPrng and forwards to RtlGenRandom (advapi32's SystemFunction036). Real
 * Windows ships the DLL, so this is only ever placed in the Wine prefix CI tests in.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    /* RtlGenRandom takes a ULONG length: fill larger requests in pieces. */
    while (length > 0) {
        ULONG piece = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, piece)) {
            return FALSE;
        }
        data += piece;
        length -= piece;
    }
    return TRUE;
}
