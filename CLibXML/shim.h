/*
 * libxml2, found at run time: Datebook reads the XML answers of CalDAV and CardDAV servers
 * (WebDAV multistatus) with its streaming reader, and only when it syncs. Nothing links against
 * libxml2, so every other command starts as fast as before and builds need no libxml2 headers.
 *
 * Only Sources/DatebookKit/Network/ imports this module. The option and node-type numbers are
 * libxml2's stable ABI (libxml/parser.h, libxml/xmlreader.h).
 */
#ifndef DATEBOOK_CLIBXML_SHIM_H
#define DATEBOOK_CLIBXML_SHIM_H

#include <dlfcn.h>
#include <stddef.h>

enum {
    /* Never fetch anything from the network (no external DTD or entity). */
    DATEBOOK_XML_PARSE_NONET = 1 << 11,
    DATEBOOK_XML_PARSE_NOERROR = 1 << 5,
    DATEBOOK_XML_PARSE_NOWARNING = 1 << 6,
    DATEBOOK_XML_PARSE_NOCDATA = 1 << 14,
    DATEBOOK_XML_READER_TYPE_ELEMENT = 1,
    DATEBOOK_XML_READER_TYPE_TEXT = 3,
    DATEBOOK_XML_READER_TYPE_CDATA = 4,
    DATEBOOK_XML_READER_TYPE_SIGNIFICANT_WHITESPACE = 14,
    DATEBOOK_XML_READER_TYPE_END_ELEMENT = 15,
};

/** The libxml2 functions Datebook calls. */
typedef struct {
    void *(*reader_for_memory)(const char *buffer, int size, const char *url, const char *encoding, int options);
    int (*read)(void *reader);
    int (*node_type)(void *reader);
    const unsigned char *(*local_name)(void *reader);
    const unsigned char *(*namespace_uri)(void *reader);
    const unsigned char *(*value)(void *reader);
    int (*is_empty_element)(void *reader);
    void (*free_reader)(void *reader);
} datebook_xml_api;

/** Says nothing: what libxml2 would print, Datebook learns from its results. */
static void datebook_xml_quiet(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

/**
 * Finds libxml2 and its functions; 0 when it is not installed. Call once.
 *
 * XML_PARSE_NOERROR quiets the parser, but not libxml2's other complaints: an answer that
 * declares an encoding through iconv (EUC-JP, BIG5, UTF-7…) and holds bytes that are not in it
 * made libxml2 print "encoding error : input conversion failed…" and "I/O error : encoder
 * error" on stderr, which lands on the planner's screen when it syncs. Its generic error
 * channel goes nowhere instead, for this thread and (through the defaults new threads take)
 * every other.
 */
static inline int datebook_xml_load(datebook_xml_api *api) {
    void *library = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) library = dlopen("libxml2.so", RTLD_NOW | RTLD_LOCAL);
    if (!library) return 0;
    typedef void (*error_func)(void *, const char *, ...);
    void (*thread_default)(void *, error_func) = (void (*)(void *, error_func))dlsym(library, "xmlThrDefSetGenericErrorFunc");
    void (*this_thread)(void *, error_func) = (void (*)(void *, error_func))dlsym(library, "xmlSetGenericErrorFunc");
    if (!thread_default || !this_thread) return 0;
    thread_default(NULL, datebook_xml_quiet);
    this_thread(NULL, datebook_xml_quiet);
    api->reader_for_memory = (void *(*)(const char *, int, const char *, const char *, int))dlsym(library, "xmlReaderForMemory");
    api->read = (int (*)(void *))dlsym(library, "xmlTextReaderRead");
    api->node_type = (int (*)(void *))dlsym(library, "xmlTextReaderNodeType");
    api->local_name = (const unsigned char *(*)(void *))dlsym(library, "xmlTextReaderConstLocalName");
    api->namespace_uri = (const unsigned char *(*)(void *))dlsym(library, "xmlTextReaderConstNamespaceUri");
    api->value = (const unsigned char *(*)(void *))dlsym(library, "xmlTextReaderConstValue");
    api->is_empty_element = (int (*)(void *))dlsym(library, "xmlTextReaderIsEmptyElement");
    api->free_reader = (void (*)(void *))dlsym(library, "xmlFreeTextReader");
    return api->reader_for_memory && api->read && api->node_type && api->local_name && api->namespace_uri
        && api->value && api->is_empty_element && api->free_reader;
}

#endif
