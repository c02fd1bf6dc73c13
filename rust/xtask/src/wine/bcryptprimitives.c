#include <windows.h>
/* Wine 8 has no bcryptprimitives.dll; Rust's standard library takes its randomness from this one
   function of it. SystemFunction036 (RtlGenRandom) of advapi32 gives the same bytes. */
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk)) return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
